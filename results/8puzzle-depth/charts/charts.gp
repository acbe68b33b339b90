# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 8puzzle-depth: time
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 3
ylo = 3.94e-07
yhi = 0.0085708815
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = '8puzzle-depth-time'
load scripts.'time.gp'

# 8puzzle-depth: memory
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 6
ylo = 21728
yhi = 4366544
array blk[4] = [2, 3, 4, 5]
array blk_lt[4] = [3, 4, 5, 6]
array name[4] = ['astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[4] = [3, 4, 5, 6]
out = '8puzzle-depth-memory'
load scripts.'memory.gp'

# 8puzzle-depth: nodes
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 9
ylo = 1
yhi = 181438
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = '8puzzle-depth-nodes'
load scripts.'nodes.gp'

# 8puzzle-depth: box plot of solve time
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
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
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 10000
ylo = 2.26318971e-05
yhi = 24.8456537
common = 149
array name[6] = ['reverse-table: 2.2 ms to prepare, then 408 ns a query', 'idastar+manhattan: 1.78 µs to prepare, then 20.8 µs a query', 'astar+manhattan: 898 ns to prepare, then 65.8 µs a query', 'bibfs: 116 µs a query', 'bfs-cantor: 308 µs a query', 'bfs-hash: 2.48 ms a query']
array prep[6] = [0.002195148, 1.783e-06, 8.98e-07, 4.71e-07, 7.87e-07, 4.67e-07]
array query[6] = [4.07659955e-07, 2.08488971e-05, 6.58439284e-05, 0.000115888119, 0.000307765221, 0.00248456532]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'
