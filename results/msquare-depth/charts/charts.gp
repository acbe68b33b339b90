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
ylo = 8.11e-07
yhi = 0.011298592
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
ylo = 8.11e-07
yhi = 0.015093211
out = 'msquare-depth-box'
load scripts.'box.gp'

# msquare-depth: preparation against queries
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-11-29'
caveat = ''
beven = 'data/msquare-depth.breakeven.dat'
qmax = 1000
ylo = 0.000289360028
yhi = 2.64711383
common = 109
array name[6] = ['reverse-table: 1.7 ms to prepare, then 884 ns a query', 'idastar+msquare-pdb: 13.8 ms to prepare, then 47.7 µs a query', 'astar+msquare-pdb: 9.73 ms to prepare, then 6.93 µs a query', 'bibfs: 288 µs a query', 'bfs-cantor: 1.05 ms a query', 'bfs-hash: 2.65 ms a query']
array prep[6] = [0.001697271, 0.013775015, 0.009725255, 1.111e-06, 1.162e-06, 1.002e-06]
array query[6] = [8.84370031e-07, 4.77484648e-05, 6.92999694e-06, 0.000288249028, 0.00105467475, 0.00264711283]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = 'msquare-depth-prepare'
load scripts.'prepare.gp'
