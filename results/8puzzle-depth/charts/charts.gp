# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 8puzzle-depth: time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 3
ylo = 8.21e-07
yhi = 0.01140789
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = '8puzzle-depth-time'
load scripts.'time.gp'

# 8puzzle-depth: memory
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 6
ylo = 29696
yhi = 4227072
array blk[4] = [2, 3, 4, 5]
array blk_lt[4] = [3, 4, 5, 6]
array name[4] = ['astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[4] = [3, 4, 5, 6]
out = '8puzzle-depth-memory'
load scripts.'memory.gp'

# 8puzzle-depth: nodes
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 9
ylo = 1
yhi = 181410
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = '8puzzle-depth-nodes'
load scripts.'nodes.gp'

# 8puzzle-depth: box plot of solve time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
boxfile = 'data/8puzzle-depth.box.dat'
nbox = 6
ticklines = 1
ylo = 8.11e-07
yhi = 0.013457342
out = '8puzzle-depth-box'
load scripts.'box.gp'

# 8puzzle-depth: preparation against queries
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 10000
ylo = 2.48582103e-05
yhi = 30.4891963
common = 149
array name[6] = ['reverse-table: 8.23 ms to prepare, then 896 ns a query', 'idastar+manhattan: 9.9 µs to prepare, then 15 µs a query', 'astar+manhattan: 1.75 µs to prepare, then 57.2 µs a query', 'bibfs: 106 µs a query', 'bfs-cantor: 997 µs a query', 'bfs-hash: 3.05 ms a query']
array prep[6] = [0.008231988, 9.905e-06, 1.753e-06, 1.112e-06, 1.241e-06, 1.052e-06]
array query[6] = [8.96064877e-07, 1.49532103e-05, 5.71932371e-05, 0.00010637477, 0.000996547761, 0.00304891953]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'
