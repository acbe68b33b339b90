# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# pancake12-uniform: time
dataset = 'pancake12-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.462e-07
floor_label = 'dashes: 20x the timing floor (7.31 ns):'
datafile = 'data/pancake12-uniform.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 14
col = 5
ylo = 9.5e-07
yhi = 0.230082221
short_of = 0
array blk[9] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
array blk_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array name[9] = ['astar+gap', 'astar+gap-1', 'astar+gap-2', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2', 'nbs+gap', 'nbs+gap-1', 'nbs+gap-2']
array name_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array count_x[3] = [10, 11, 12]
array count_n[3] = [1, 2, 2]
out = 'pancake12-uniform-time'
load scripts.'time.gp'

# pancake12-uniform: memory
dataset = 'pancake12-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/pancake12-uniform.length.dat'
unsfile = ''
zero_names = 'idastar+gap, idastar+gap-1, idastar+gap-2'
nslots = 0
xunsolvable = 14
col = 8
ylo = 47120
yhi = 42053328
short_of = 0
array blk[9] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
array blk_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array name[9] = ['astar+gap', 'astar+gap-1', 'astar+gap-2', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2', 'nbs+gap', 'nbs+gap-1', 'nbs+gap-2']
array name_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array count_x[3] = [10, 11, 12]
array count_n[3] = [1, 2, 2]
out = 'pancake12-uniform-memory'
load scripts.'memory.gp'

# pancake12-uniform: nodes
dataset = 'pancake12-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/pancake12-uniform.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 14
col = 11
ylo = 13.25
yhi = 1182178.75
short_of = 0
array blk[9] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
array blk_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array name[9] = ['astar+gap', 'astar+gap-1', 'astar+gap-2', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2', 'nbs+gap', 'nbs+gap-1', 'nbs+gap-2']
array name_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array count_x[3] = [10, 11, 12]
array count_n[3] = [1, 2, 2]
out = 'pancake12-uniform-nodes'
load scripts.'nodes.gp'

# pancake12-uniform: box plot of solve time
dataset = 'pancake12-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.462e-07
floor_label = 'dashes: 20x the timing floor (7.31 ns):'
boxfile = 'data/pancake12-uniform.box.dat'
nbox = 9
ticklines = 1
ylo = 9.24e-07
yhi = 0.262052428
out = 'pancake12-uniform-box'
load scripts.'box.gp'

# pancake12-uniform: preparation against queries
dataset = 'pancake12-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/pancake12-uniform.breakeven.dat'
qmax = 100
ylo = 8.915e-06
yhi = 11.9502736
common = 5
array name[9] = ['astar+gap: 2.94 µs + 5.97 µs a query', 'astar+gap-1: 1.13 µs + 292 µs a query', 'astar+gap-2: 2.25 µs + 28.7 ms a query', 'idastar+gap: 13.9 µs + 1.24 µs a query', 'idastar+gap-1: 1.4 µs + 442 µs a query', 'idastar+gap-2: 2.35 µs + 33.9 ms a query', 'nbs+gap: 4.96 µs + 106 µs a query', 'nbs+gap-1: 1.73 µs + 520 µs a query', 'nbs+gap-2: 3.81 µs + 120 ms a query']
array prep[9] = [2.944e-06, 1.132e-06, 2.253e-06, 1.3911e-05, 1.402e-06, 2.354e-06, 4.957e-06, 1.732e-06, 3.806e-06]
array query[9] = [5.971e-06, 0.000292455, 0.028713127, 1.238e-06, 0.000442249, 0.033929901, 0.000106098, 0.000520394, 0.119502698]
array series_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array series_dash[9] = [1, 1, 1, 1, 1, 1, 1, 1, 1]
out = 'pancake12-uniform-prepare'
load scripts.'prepare.gp'

# pancake14-uniform: time
dataset = 'pancake14-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.462e-07
floor_label = 'dashes: 20x the timing floor (7.31 ns):'
datafile = 'data/pancake14-uniform.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 16
col = 5
ylo = 5.47e-07
yhi = 1.72385343
short_of = 1
array blk[9] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
array blk_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array name[9] = ['astar+gap', 'astar+gap-1', 'astar+gap-2', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2', 'nbs+gap', 'nbs+gap-1', 'nbs+gap-2 (4 of 5 solved)']
array name_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array count_x[2] = [13, 14]
array count_n[2] = [3, 2]
out = 'pancake14-uniform-time'
load scripts.'time.gp'

# pancake14-uniform: memory
dataset = 'pancake14-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/pancake14-uniform.length.dat'
unsfile = ''
zero_names = 'idastar+gap, idastar+gap-1, idastar+gap-2'
nslots = 0
xunsolvable = 16
col = 8
ylo = 49040
yhi = 303723924
short_of = 1
array blk[9] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
array blk_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array name[9] = ['astar+gap', 'astar+gap-1', 'astar+gap-2', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2', 'nbs+gap', 'nbs+gap-1', 'nbs+gap-2 (4 of 5 solved)']
array name_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array count_x[2] = [13, 14]
array count_n[2] = [3, 2]
out = 'pancake14-uniform-memory'
load scripts.'memory.gp'

# pancake14-uniform: nodes
dataset = 'pancake14-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/pancake14-uniform.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 16
col = 11
ylo = 24
yhi = 5326577.5
short_of = 1
array blk[9] = [0, 1, 2, 3, 4, 5, 6, 7, 8]
array blk_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array name[9] = ['astar+gap', 'astar+gap-1', 'astar+gap-2', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2', 'nbs+gap', 'nbs+gap-1', 'nbs+gap-2 (4 of 5 solved)']
array name_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array count_x[2] = [13, 14]
array count_n[2] = [3, 2]
out = 'pancake14-uniform-nodes'
load scripts.'nodes.gp'

# pancake14-uniform: box plot of solve time
dataset = 'pancake14-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.462e-07
floor_label = 'dashes: 20x the timing floor (7.31 ns):'
boxfile = 'data/pancake14-uniform.box.dat'
nbox = 9
ticklines = 2
ylo = 3.17e-07
yhi = 1.85462803
out = 'pancake14-uniform-box'
load scripts.'box.gp'

# pancake14-uniform: preparation against queries
dataset = 'pancake14-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = ''
qmax = 100
ylo = 1.2395e-05
yhi = 103.538701
common = 4
array name[9] = ['astar+gap: 4.45 µs + 25 µs a query', 'astar+gap-1: 2.31 µs + 1.07 ms a query', 'astar+gap-2: 4.14 µs + 302 ms a query', 'idastar+gap: 11.8 µs + 547 ns a query', 'idastar+gap-1: 1.33 µs + 611 µs a query', 'idastar+gap-2: 4.3 µs + 145 ms a query', 'nbs+gap: 3.89 µs + 68.7 µs a query', 'nbs+gap-1: 1.77 µs + 1.25 ms a query', 'nbs+gap-2: 3.36 µs + 1.04 s a query']
array prep[9] = [4.447e-06, 2.313e-06, 4.137e-06, 1.1848e-05, 1.332e-06, 4.296e-06, 3.886e-06, 1.772e-06, 3.355e-06]
array query[9] = [2.49765e-05, 0.001072862, 0.302206949, 5.47e-07, 0.0006113445, 0.144834952, 6.86725e-05, 0.0012480175, 1.03538698]
array series_lt[9] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
array series_dash[9] = [1, 1, 1, 1, 1, 1, 1, 1, 1]
out = 'pancake14-uniform-prepare'
load scripts.'prepare.gp'

# pancake16-uniform: time
dataset = 'pancake16-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.462e-07
floor_label = 'dashes: 20x the timing floor (7.31 ns):'
datafile = 'data/pancake16-uniform.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 18
col = 5
ylo = 6.99e-07
yhi = 2.2163198
short_of = 1
array blk[8] = [0, 1, 2, 3, 4, 5, 6, 7]
array blk_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array name[8] = ['astar+gap', 'astar+gap-1', 'astar+gap-2 (2 of 5 solved)', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2 (3 of 5 solved)', 'nbs+gap', 'nbs+gap-1']
array name_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array count_x[3] = [14, 15, 16]
array count_n[3] = [1, 1, 3]
out = 'pancake16-uniform-time'
load scripts.'time.gp'

# pancake16-uniform: memory
dataset = 'pancake16-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/pancake16-uniform.length.dat'
unsfile = ''
zero_names = 'idastar+gap, idastar+gap-1, idastar+gap-2'
nslots = 0
xunsolvable = 18
col = 8
ylo = 47744
yhi = 363334016
short_of = 1
array blk[8] = [0, 1, 2, 3, 4, 5, 6, 7]
array blk_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array name[8] = ['astar+gap', 'astar+gap-1', 'astar+gap-2 (2 of 5 solved)', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2 (3 of 5 solved)', 'nbs+gap', 'nbs+gap-1']
array name_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array count_x[3] = [14, 15, 16]
array count_n[3] = [1, 1, 3]
out = 'pancake16-uniform-memory'
load scripts.'memory.gp'

# pancake16-uniform: nodes
dataset = 'pancake16-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/pancake16-uniform.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 18
col = 11
ylo = 14
yhi = 25199296
short_of = 1
array blk[8] = [0, 1, 2, 3, 4, 5, 6, 7]
array blk_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array name[8] = ['astar+gap', 'astar+gap-1', 'astar+gap-2 (2 of 5 solved)', 'idastar+gap', 'idastar+gap-1', 'idastar+gap-2 (3 of 5 solved)', 'nbs+gap', 'nbs+gap-1']
array name_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array count_x[3] = [14, 15, 16]
array count_n[3] = [1, 1, 3]
out = 'pancake16-uniform-nodes'
load scripts.'nodes.gp'

# pancake16-uniform: box plot of solve time
dataset = 'pancake16-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.462e-07
floor_label = 'dashes: 20x the timing floor (7.31 ns):'
boxfile = 'data/pancake16-uniform.box.dat'
nbox = 8
ticklines = 2
ylo = 6.99e-07
yhi = 2.2163198
out = 'pancake16-uniform-box'
load scripts.'box.gp'

# pancake16-uniform: preparation against queries
dataset = 'pancake16-uniform'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = ''
qmax = 100
ylo = 1.1456e-05
yhi = 129.168925
common = 2
array name[8] = ['astar+gap: 4.79 µs + 9.73 µs a query', 'astar+gap-1: 1.35 µs + 1.47 ms a query', 'astar+gap-2: 2.97 µs + 1.29 s a query', 'idastar+gap: 9.51 µs + 1.94 µs a query', 'idastar+gap-1: 1.09 µs + 1.71 ms a query', 'idastar+gap-2: 3.59 µs + 437 ms a query', 'nbs+gap: 2.7 µs + 82.3 µs a query', 'nbs+gap-1: 5.77 µs + 174 ms a query']
array prep[8] = [4.787e-06, 1.352e-06, 2.965e-06, 9.514e-06, 1.091e-06, 3.586e-06, 2.695e-06, 5.769e-06]
array query[8] = [9.7275e-06, 0.0014716355, 1.29168922, 1.942e-06, 0.001711753, 0.436707803, 8.22725e-05, 0.174356975]
array series_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array series_dash[8] = [1, 1, 1, 1, 1, 1, 1, 1]
out = 'pancake16-uniform-prepare'
load scripts.'prepare.gp'
