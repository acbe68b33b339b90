# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# 8puzzle-depth: time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 3.394e-07
floor_label = 'dashes: 20x the timing floor (17 ns):'
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 33
col = 5
ylo = 7e-09
yhi = 0.0245363445
short_of = 0
array blk[7] = [0, 1, 2, 3, 4, 5, 6]
array blk_lt[7] = [1, 2, 3, 4, 5, 6, 7]
array name[7] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'nbs+manhattan', 'bfs-cantor', 'bfs-hash']
array name_lt[7] = [1, 2, 3, 4, 5, 6, 7]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-time'
load scripts.'time.gp'

# 8puzzle-depth: memory
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = 'reverse-table, idastar+manhattan, bibfs, nbs+manhattan'
nslots = 0
xunsolvable = 33
col = 8
ylo = 21728
yhi = 4366544
short_of = 0
array blk[7] = [0, 1, 2, 3, 4, 5, 6]
array blk_lt[7] = [1, 2, 3, 4, 5, 6, 7]
array name[7] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'nbs+manhattan', 'bfs-cantor', 'bfs-hash']
array name_lt[7] = [1, 2, 3, 4, 5, 6, 7]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-memory'
load scripts.'memory.gp'

# 8puzzle-depth: nodes
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = 'idastar+manhattan, astar+manhattan, bibfs, nbs+manhattan, bfs-cantor, bfs-hash'
nslots = 0
xunsolvable = 33
col = 11
ylo = 1
yhi = 181438
short_of = 0
array blk[7] = [0, 1, 2, 3, 4, 5, 6]
array blk_lt[7] = [1, 2, 3, 4, 5, 6, 7]
array name[7] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'nbs+manhattan', 'bfs-cantor', 'bfs-hash']
array name_lt[7] = [1, 2, 3, 4, 5, 6, 7]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-nodes'
load scripts.'nodes.gp'

# 8puzzle-depth: box plot of solve time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 3.394e-07
floor_label = 'dashes: 20x the timing floor (17 ns):'
boxfile = 'data/8puzzle-depth.box.dat'
nbox = 7
ticklines = 1
ylo = 7e-09
yhi = 0.035770962
out = '8puzzle-depth-box'
load scripts.'box.gp'

# 8puzzle-depth: preparation against queries
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 100000
ylo = 5.945e-06
yhi = 33.5029
common = 149
array name[7] = ['reverse-table: 5.08 ms + 17 ns a query', 'idastar+manhattan: 18.8 µs + 953 ns a query', 'astar+manhattan: 2.9 µs + 7.96 µs a query', 'bibfs: 5.95 µs a query', 'nbs+manhattan: 2.13 µs + 25.4 µs a query', 'bfs-cantor: 77.5 µs a query', 'bfs-hash: 335 µs a query']
array prep[7] = [0.005075524, 1.8758e-05, 2.904e-06, 0, 2.133e-06, 0, 0]
array query[7] = [1.7e-08, 9.53e-07, 7.963e-06, 5.945e-06, 2.545e-05, 7.7485e-05, 0.000335029]
array series_lt[7] = [1, 2, 3, 4, 5, 6, 7]
array series_dash[7] = [1, 1, 1, 2, 1, 2, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'
