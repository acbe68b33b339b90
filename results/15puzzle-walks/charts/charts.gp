# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 15puzzle-walks: time
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 44
col = 5
ylo = 1.714e-06
yhi = 1.62362489
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-time'
load scripts.'time.gp'

# 15puzzle-walks: memory
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = 'idastar+linear-conflict'
nslots = 0
xunsolvable = 44
col = 8
ylo = 22800
yhi = 575046452
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-memory'
load scripts.'memory.gp'

# 15puzzle-walks: nodes
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 44
col = 11
ylo = 4
yhi = 9350757.5
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (31 of 32 solved)', 'bfs-hash (12 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-nodes'
load scripts.'nodes.gp'

# 15puzzle-walks: box plot of solve time
dataset = '15puzzle-walks'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
floor_line = 0
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
floor_line = 0
beven = 'data/15puzzle-walks.breakeven.dat'
qmax = 10000
ylo = 9.014e-06
yhi = 4.79651
common = 12
array name[4] = ['idastar+linear-conflict: 2.75 ms + 3 µs a query', 'astar+linear-conflict: 2.52 ms + 5.75 µs a query', 'bibfs: 9.01 µs a query', 'bfs-hash: 480 µs a query']
array prep[4] = [0.002748274, 0.002520912, 0, 0]
array query[4] = [2.9975e-06, 5.755e-06, 9.014e-06, 0.000479651]
array series_lt[4] = [1, 2, 3, 4]
array series_dash[4] = [1, 1, 2, 2]
out = '15puzzle-walks-prepare'
load scripts.'prepare.gp'
