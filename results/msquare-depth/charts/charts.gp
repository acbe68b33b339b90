# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# msquare-depth: time
dataset = 'msquare-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 24
col = 3
ylo = 3.765e-07
yhi = 0.003245402
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+msquare-pdb', 'astar+msquare-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = 'msquare-depth-time'
load scripts.'time.gp'

# msquare-depth: memory
dataset = 'msquare-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 24
col = 6
ylo = 29696
yhi = 1056768
array blk[4] = [2, 3, 4, 5]
array blk_lt[4] = [3, 4, 5, 6]
array name[4] = ['astar+msquare-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[4] = [3, 4, 5, 6]
out = 'msquare-depth-memory'
load scripts.'memory.gp'

# msquare-depth: nodes
dataset = 'msquare-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 24
col = 9
ylo = 1
yhi = 40212
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+msquare-pdb', 'astar+msquare-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = 'msquare-depth-nodes'
load scripts.'nodes.gp'

# msquare-depth: box plot of solve time
dataset = 'msquare-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
boxfile = 'data/msquare-depth.box.dat'
nbox = 6
ticklines = 1
ylo = 3.72e-07
yhi = 0.003290354
out = 'msquare-depth-box'
load scripts.'box.gp'

# msquare-depth: preparation against queries
dataset = 'msquare-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
beven = 'data/msquare-depth.breakeven.dat'
qmax = 1000
ylo = 8.56968287e-05
yhi = 0.844692584
common = 109
array name[6] = ['reverse-table: 1.74 ms to prepare, then 386 ns a query', 'idastar+msquare-pdb: 1.96 ms to prepare, then 9.95 µs a query', 'astar+msquare-pdb: 1.94 ms to prepare, then 6.03 µs a query', 'bibfs: 85.3 µs a query', 'bfs-cantor: 316 µs a query', 'bfs-hash: 845 µs a query']
array prep[6] = [0.001741629, 0.001964259, 0.001943154, 4.39e-07, 4.83e-07, 4.19e-07]
array query[6] = [3.86498471e-07, 9.95369725e-06, 6.03145566e-06, 8.52578287e-05, 0.000315914755, 0.000844692165]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = 'msquare-depth-prepare'
load scripts.'prepare.gp'
