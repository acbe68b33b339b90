# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# korf100: time
dataset = 'korf100'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.354e-07
floor_label = 'dashes: 20x the timing floor (6.77 ns):'
datafile = 'data/korf100.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 68
col = 5
ylo = 5.910325e-05
yhi = 0.077167015
short_of = 0
array blk[2] = [0, 1]
array blk_lt[2] = [1, 2]
array name[2] = ['idastar+pdb78', 'astar+pdb78']
array name_lt[2] = [1, 2]
array count_x[24] = [41, 42, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 64, 65, 66]
array count_n[24] = [1, 3, 3, 3, 4, 3, 1, 7, 7, 4, 9, 7, 9, 5, 8, 9, 2, 6, 1, 1, 2, 2, 1, 2]
out = 'korf100-time'
load scripts.'time.gp'

# korf100: memory
dataset = 'korf100'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/korf100.length.dat'
unsfile = ''
zero_names = 'idastar+pdb78'
nslots = 0
xunsolvable = 68
col = 8
ylo = 55264
yhi = 5903360
short_of = 0
array blk[2] = [0, 1]
array blk_lt[2] = [1, 2]
array name[2] = ['idastar+pdb78', 'astar+pdb78']
array name_lt[2] = [1, 2]
array count_x[24] = [41, 42, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 64, 65, 66]
array count_n[24] = [1, 3, 3, 3, 4, 3, 1, 7, 7, 4, 9, 7, 9, 5, 8, 9, 2, 6, 1, 1, 2, 2, 1, 2]
out = 'korf100-memory'
load scripts.'memory.gp'

# korf100: nodes
dataset = 'korf100'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/korf100.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 68
col = 11
ylo = 121
yhi = 172179
short_of = 0
array blk[2] = [0, 1]
array blk_lt[2] = [1, 2]
array name[2] = ['idastar+pdb78', 'astar+pdb78']
array name_lt[2] = [1, 2]
array count_x[24] = [41, 42, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 64, 65, 66]
array count_n[24] = [1, 3, 3, 3, 4, 3, 1, 7, 7, 4, 9, 7, 9, 5, 8, 9, 2, 6, 1, 1, 2, 2, 1, 2]
out = 'korf100-nodes'
load scripts.'nodes.gp'

# korf100: box plot of solve time
dataset = 'korf100'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.354e-07
floor_label = 'dashes: 20x the timing floor (6.77 ns):'
boxfile = 'data/korf100.box.dat'
nbox = 2
ticklines = 1
ylo = 5.1607e-05
yhi = 0.077167015
out = 'korf100-box'
load scripts.'box.gp'

# korf100: preparation against queries
dataset = 'korf100'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/korf100.breakeven.dat'
qmax = 1000000
ylo = 0.294869498
yhi = 1465.1084
common = 100
array name[2] = ['idastar+pdb78: 1.5 s + 1.43 ms a query', 'astar+pdb78: 293 ms + 1.46 ms a query']
array prep[2] = [1.50106652, 0.293404683]
array query[2] = [0.0014268385, 0.001464815]
array series_lt[2] = [1, 2]
array series_dash[2] = [1, 1]
out = 'korf100-prepare'
load scripts.'prepare.gp'
