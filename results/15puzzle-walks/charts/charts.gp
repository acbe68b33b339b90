# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 15puzzle-walks: time
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 44
col = 3
ylo = 2.364e-06
yhi = 1.84777
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (28 of 32 solved)', 'bfs-hash (10 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
out = '15puzzle-walks-time'
load scripts.'time.gp'

# 15puzzle-walks: memory
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 44
col = 6
ylo = 29696
yhi = 126615552
array blk[3] = [1, 2, 3]
array blk_lt[3] = [2, 3, 4]
array name[3] = ['astar+linear-conflict', 'bibfs (28 of 32 solved)', 'bfs-hash (10 of 32 solved)']
array name_lt[3] = [2, 3, 4]
out = '15puzzle-walks-memory'
load scripts.'memory.gp'

# 15puzzle-walks: nodes
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 44
col = 9
ylo = 4
yhi = 2158189
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (28 of 32 solved)', 'bfs-hash (10 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
out = '15puzzle-walks-nodes'
load scripts.'nodes.gp'

# 15puzzle-walks: box plot of solve time
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
boxfile = 'data/15puzzle-walks.box.dat'
nbox = 4
ticklines = 2
ylo = 1.772e-06
yhi = 1.84777
out = '15puzzle-walks-box'
load scripts.'box.gp'

# 15puzzle-walks: preparation against queries
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
beven = 'data/15puzzle-walks.breakeven.dat'
qmax = 10000
ylo = 8.71104e-05
yhi = 2922.22648
common = 10
array name[4] = ['idastar+linear-conflict: 2.35 ms to prepare, then 5.98 µs a query', 'astar+linear-conflict: 10.1 ms to prepare, then 13.3 µs a query', 'bibfs: 86.1 µs a query', 'bfs-hash: 292 ms a query']
array prep[4] = [0.002345097, 0.010105382, 1.012e-06, 3.405e-06]
array query[4] = [5.979e-06, 1.3268e-05, 8.60984e-05, 0.292222647]
array series_lt[4] = [1, 2, 3, 4]
array series_dash[4] = [1, 1, 2, 2]
out = '15puzzle-walks-prepare'
load scripts.'prepare.gp'
