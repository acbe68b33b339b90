# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 8puzzle-depth: time
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 33
col = 5
ylo = 3.94e-07
yhi = 0.0085708815
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-time'
load scripts.'time.gp'

# 8puzzle-depth: memory
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = 'reverse-table, idastar+manhattan, bibfs'
nslots = 0
xunsolvable = 33
col = 8
ylo = 21728
yhi = 4366544
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-memory'
load scripts.'memory.gp'

# 8puzzle-depth: nodes
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = 'idastar+manhattan, astar+manhattan, bibfs, bfs-cantor, bfs-hash'
nslots = 0
xunsolvable = 33
col = 11
ylo = 1
yhi = 181438
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-nodes'
load scripts.'nodes.gp'

# 8puzzle-depth: box plot of solve time
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
boxfile = 'data/8puzzle-depth.box.dat'
nbox = 6
ticklines = 1
ylo = 3.89e-07
yhi = 0.008622626
out = '8puzzle-depth-box'
load scripts.'box.gp'

# 8puzzle-depth: preparation against queries
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 100000
ylo = 1.063e-06
yhi = 24.8843
common = 149
array name[6] = ['reverse-table: 2.2 ms + 403 ns a query', 'idastar+manhattan: 1.06 µs a query', 'astar+manhattan: 4.9 µs a query', 'bibfs: 5.44 µs a query', 'bfs-cantor: 51.5 µs a query', 'bfs-hash: 249 µs a query']
array prep[6] = [0.002195148, 0, 0, 0, 0, 0]
array query[6] = [4.03e-07, 1.063e-06, 4.904e-06, 5.439e-06, 5.152e-05, 0.000248843]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 2, 2, 2, 2, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'
