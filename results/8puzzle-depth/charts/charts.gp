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
ylo = 8.51e-07
yhi = 0.0379836725
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
ylo = 8.21e-07
yhi = 0.050192241
out = '8puzzle-depth-box'
load scripts.'box.gp'

# 8puzzle-depth: preparation against queries
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 10000
ylo = 5.20423199e-05
yhi = 103.153479
common = 149
array name[6] = ['reverse-table: 18.1 ms to prepare, then 928 ns a query', 'idastar+manhattan: 9.96 µs to prepare, then 42.1 µs a query', 'astar+manhattan: 2.31 µs to prepare, then 177 µs a query', 'bibfs: 354 µs a query', 'bfs-cantor: 3.15 ms a query', 'bfs-hash: 10.3 ms a query']
array prep[6] = [0.018077302, 9.964e-06, 2.313e-06, 9.81e-07, 1.332e-06, 1.042e-06]
array query[6] = [9.27769575e-07, 4.20783199e-05, 0.000176892427, 0.000354086494, 0.00315387693, 0.0103153478]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'
