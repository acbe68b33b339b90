# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# msquare-depth: time
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 24
col = 3
ylo = 8.265e-07
yhi = 0.002851488
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+msquare-pdb', 'astar+msquare-pdb', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = 'msquare-depth-time'
load scripts.'time.gp'

# msquare-depth: memory
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
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
machine = 'AMD EPYC'
date = '2026-11-29'
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
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
boxfile = 'data/msquare-depth.box.dat'
nbox = 6
ticklines = 1
ylo = 8.21e-07
yhi = 0.007083906
out = 'msquare-depth-box'
load scripts.'box.gp'

# msquare-depth: preparation against queries
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
beven = 'data/msquare-depth.breakeven.dat'
qmax = 1000
ylo = 7.24236483e-05
yhi = 0.755454323
common = 109
array name[6] = ['reverse-table: 1.71 ms to prepare, then 895 ns a query', 'idastar+msquare-pdb: 1.62 ms to prepare, then 10.7 µs a query', 'astar+msquare-pdb: 1.66 ms to prepare, then 7 µs a query', 'bibfs: 71.5 µs a query', 'bfs-cantor: 292 µs a query', 'bfs-hash: 755 µs a query']
array prep[6] = [0.001705354, 0.001620898, 0.001657952, 9.51e-07, 1.122e-06, 1.262e-06]
array query[6] = [8.95070336e-07, 1.06623853e-05, 6.99674312e-06, 7.14726483e-05, 0.000291761856, 0.000755453061]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = 'msquare-depth-prepare'
load scripts.'prepare.gp'
