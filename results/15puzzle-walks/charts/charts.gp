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
ylo = 2.26325e-06
yhi = 1.36675474
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
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
yhi = 289406976
array blk[3] = [1, 2, 3]
array blk_lt[3] = [2, 3, 4]
array name[3] = ['astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
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
yhi = 5260476
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
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
ylo = 1.782e-06
yhi = 1.37591268
out = '15puzzle-walks-box'
load scripts.'box.gp'

# 15puzzle-walks: preparation against queries
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
beven = 'data/15puzzle-walks.breakeven.dat'
qmax = 1000
ylo = 0.000210654333
yhi = 269.620474
common = 12
array name[4] = ['idastar+linear-conflict: 2.26 ms to prepare, then 5.51 µs a query', 'astar+linear-conflict: 2.04 ms to prepare, then 10.4 µs a query', 'bibfs: 210 µs a query', 'bfs-hash: 270 ms a query']
array prep[4] = [0.002258178, 0.002043027, 1.001e-06, 1.091e-06]
array query[4] = [5.51066667e-06, 1.03578333e-05, 0.000209653333, 0.269620473]
array series_lt[4] = [1, 2, 3, 4]
array series_dash[4] = [1, 1, 2, 2]
out = '15puzzle-walks-prepare'
load scripts.'prepare.gp'
