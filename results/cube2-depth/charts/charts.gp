# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# cube2-depth: time
dataset = 'cube2-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.392e-07
floor_label = 'dashes: 20x the timing floor (6.96 ns):'
datafile = 'data/cube2-depth.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 13
col = 5
ylo = 7e-09
yhi = 2.01055422
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+cube-pdb', 'astar+cube-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
array count_n[12] = [1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]
out = 'cube2-depth-time'
load scripts.'time.gp'

# cube2-depth: memory
dataset = 'cube2-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/cube2-depth.length.dat'
unsfile = ''
zero_names = 'reverse-table, idastar+cube-pdb, bibfs'
nslots = 0
xunsolvable = 13
col = 8
ylo = 21168
yhi = 149885856
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+cube-pdb', 'astar+cube-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
array count_n[12] = [1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]
out = 'cube2-depth-memory'
load scripts.'memory.gp'

# cube2-depth: nodes
dataset = 'cube2-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/cube2-depth.length.dat'
unsfile = ''
zero_names = 'idastar+cube-pdb, astar+cube-pdb, bibfs, bfs-cantor, bfs-hash'
nslots = 0
xunsolvable = 13
col = 11
ylo = 1
yhi = 3109868
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+cube-pdb', 'astar+cube-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
array count_n[12] = [1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]
out = 'cube2-depth-nodes'
load scripts.'nodes.gp'

# cube2-depth: box plot of solve time
dataset = 'cube2-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.392e-07
floor_label = 'dashes: 20x the timing floor (6.96 ns):'
boxfile = 'data/cube2-depth.box.dat'
nbox = 6
ticklines = 1
ylo = 7e-09
yhi = 2.27773652
out = 'cube2-depth-box'
load scripts.'box.gp'

# cube2-depth: preparation against queries
dataset = 'cube2-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/cube2-depth.breakeven.dat'
qmax = 10000000
ylo = 1.09185e-05
yhi = 22521.42
common = 34
array name[6] = ['reverse-table: 653 ms + 28 ns a query', 'idastar+cube-pdb: 1.21 ms + 1.92 µs a query', 'astar+cube-pdb: 1.21 ms + 6.97 µs a query', 'bibfs: 10.9 µs a query', 'bfs-cantor: 1.35 ms a query', 'bfs-hash: 2.25 ms a query']
array prep[6] = [0.652616203, 0.001211653, 0.001211092, 0, 0, 0]
array query[6] = [2.8e-08, 1.9205e-06, 6.972e-06, 1.09185e-05, 0.0013492135, 0.002252142]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = 'cube2-depth-prepare'
load scripts.'prepare.gp'
