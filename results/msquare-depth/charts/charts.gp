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
ylo = 3.99e-07
yhi = 0.0034336405
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
ylo = 3.94e-07
yhi = 0.003818384
out = 'msquare-depth-box'
load scripts.'box.gp'

# msquare-depth: preparation against queries
dataset = 'msquare-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
beven = 'data/msquare-depth.breakeven.dat'
qmax = 1000
ylo = 9.04479235e-05
yhi = 0.898482542
common = 109
array name[6] = ['reverse-table: 1.72 ms to prepare, then 409 ns a query', 'idastar+msquare-pdb: 2.09 ms to prepare, then 10.6 µs a query', 'astar+msquare-pdb: 2.12 ms to prepare, then 6.24 µs a query', 'bibfs: 90 µs a query', 'bfs-cantor: 332 µs a query', 'bfs-hash: 898 µs a query']
array prep[6] = [0.00171934, 0.00208986, 0.002119006, 4.48e-07, 4.95e-07, 4.66e-07]
array query[6] = [4.08541284e-07, 1.05639235e-05, 6.23665443e-06, 8.99999235e-05, 0.000331646156, 0.000898482076]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = 'msquare-depth-prepare'
load scripts.'prepare.gp'
