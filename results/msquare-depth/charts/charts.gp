# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# msquare-depth: time
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.392e-07
floor_label = 'dashes: 20x the timing floor (6.96 ns):'
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 24
col = 5
ylo = 7e-09
yhi = 0.0091069595
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+msquare-pdb', 'astar+msquare-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[23] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]
array count_n[23] = [1, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
out = 'msquare-depth-time'
load scripts.'time.gp'

# msquare-depth: memory
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
zero_names = 'reverse-table, idastar+msquare-pdb, bibfs'
nslots = 0
xunsolvable = 24
col = 8
ylo = 29696
yhi = 1056768
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+msquare-pdb', 'astar+msquare-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[23] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]
array count_n[23] = [1, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
out = 'msquare-depth-memory'
load scripts.'memory.gp'

# msquare-depth: nodes
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
zero_names = 'idastar+msquare-pdb, astar+msquare-pdb, bibfs, bfs-cantor, bfs-hash'
nslots = 0
xunsolvable = 24
col = 11
ylo = 1
yhi = 40212
short_of = 0
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+msquare-pdb', 'astar+msquare-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
array count_x[23] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]
array count_n[23] = [1, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
out = 'msquare-depth-nodes'
load scripts.'nodes.gp'

# msquare-depth: box plot of solve time
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.392e-07
floor_label = 'dashes: 20x the timing floor (6.96 ns):'
boxfile = 'data/msquare-depth.box.dat'
nbox = 6
ticklines = 1
ylo = 7e-09
yhi = 0.012963625
out = 'msquare-depth-box'
load scripts.'box.gp'

# msquare-depth: preparation against queries
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/msquare-depth.breakeven.dat'
qmax = 100000
ylo = 4.5758e-05
yhi = 17.9407
common = 109
array name[6] = ['reverse-table: 3.51 ms + 11 ns a query', 'idastar+msquare-pdb: 2.29 ms + 828 ns a query', 'astar+msquare-pdb: 2.36 ms + 8.06 µs a query', 'bibfs: 45.8 µs a query', 'bfs-cantor: 121 µs a query', 'bfs-hash: 179 µs a query']
array prep[6] = [0.003508762, 0.002294665, 0.002358841, 0, 0, 0]
array query[6] = [1.1e-08, 8.28e-07, 8.059e-06, 4.5758e-05, 0.00012099, 0.000179407]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = 'msquare-depth-prepare'
load scripts.'prepare.gp'
