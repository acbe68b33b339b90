# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 15puzzle-walks: time
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 44
col = 3
ylo = 1.714e-06
yhi = 1.62362489
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
out = '15puzzle-walks-time'
load scripts.'time.gp'

# 15puzzle-walks: memory
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 44
col = 6
ylo = 22800
yhi = 575046452
array blk[3] = [1, 2, 3]
array blk_lt[3] = [2, 3, 4]
array name[3] = ['astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
array name_lt[3] = [2, 3, 4]
out = '15puzzle-walks-memory'
load scripts.'memory.gp'

# 15puzzle-walks: nodes
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 44
col = 9
ylo = 4
yhi = 9350757.5
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
out = '15puzzle-walks-nodes'
load scripts.'nodes.gp'

# 15puzzle-walks: box plot of solve time
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
boxfile = 'data/15puzzle-walks.box.dat'
nbox = 4
ticklines = 2
ylo = 1.035e-06
yhi = 1.67819151
out = '15puzzle-walks-box'
load scripts.'box.gp'

# 15puzzle-walks: preparation against queries
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
beven = 'data/15puzzle-walks.breakeven.dat'
qmax = 1000
ylo = 0.000216126
yhi = 317.761575
common = 12
array name[4] = ['idastar+linear-conflict: 2.75 ms to prepare, then 5.35 µs a query', 'astar+linear-conflict: 2.52 ms to prepare, then 9.41 µs a query', 'bibfs: 216 µs a query', 'bfs-hash: 318 ms a query']
array prep[4] = [0.002748274, 0.002520912, 5.1e-07, 5.99e-07]
array query[4] = [5.34508333e-06, 9.4115e-06, 0.000215616, 0.317761574]
array series_lt[4] = [1, 2, 3, 4]
array series_dash[4] = [1, 1, 2, 2]
out = '15puzzle-walks-prepare'
load scripts.'prepare.gp'
