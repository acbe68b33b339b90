# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# 15puzzle-walks: time
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.452e-07
floor_label = 'dashes: 20x the timing floor (7.26 ns):'
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 44
col = 5
ylo = 2.3125e-07
yhi = 1.7590098
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (29 of 32 solved)', 'bfs-hash (10 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-time'
load scripts.'time.gp'

# 15puzzle-walks: memory
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = 'idastar+linear-conflict'
nslots = 0
xunsolvable = 44
col = 8
ylo = 22800
yhi = 144212228
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (29 of 32 solved)', 'bfs-hash (10 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-memory'
load scripts.'memory.gp'

# 15puzzle-walks: nodes
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 44
col = 11
ylo = 4
yhi = 2587948.75
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['idastar+linear-conflict', 'astar+linear-conflict', 'bibfs (29 of 32 solved)', 'bfs-hash (10 of 32 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-nodes'
load scripts.'nodes.gp'

# 15puzzle-walks: box plot of solve time
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.452e-07
floor_label = 'dashes: 20x the timing floor (7.26 ns):'
boxfile = 'data/15puzzle-walks.box.dat'
nbox = 4
ticklines = 2
ylo = 2.31e-07
yhi = 1.93160151
out = '15puzzle-walks-box'
load scripts.'box.gp'

# 15puzzle-walks: preparation against queries
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/15puzzle-walks.breakeven.dat'
qmax = 100000
ylo = 4.0655e-06
yhi = 24.8258
common = 10
array name[4] = ['idastar+linear-conflict: 10 ms + 394 ns a query', 'astar+linear-conflict: 13.6 ms + 4.33 µs a query', 'bibfs: 4.07 µs a query', 'bfs-hash: 248 µs a query']
array prep[4] = [0.010029047, 0.013569387, 0, 0]
array query[4] = [3.94e-07, 4.334e-06, 4.0655e-06, 0.000248258]
array series_lt[4] = [1, 2, 3, 4]
array series_dash[4] = [1, 1, 2, 2]
out = '15puzzle-walks-prepare'
load scripts.'prepare.gp'
