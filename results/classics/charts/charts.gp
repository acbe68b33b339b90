# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/external/scripts' . '/'

# 8puzzle-depth: time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 3
ylo = 1.11875e-06
yhi = 0.294636083
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['reverse-table', 'bfs-cantor', 'hdu1043', 'poj1077 (148 of 149 solved)']
array name_lt[4] = [1, 2, 3, 4]
out = '8puzzle-depth-time'
load scripts.'time.gp'

# 8puzzle-depth: memory
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 6
ylo = 182688
yhi = 616848
array blk[1] = [1]
array blk_lt[1] = [2]
array name[1] = ['bfs-cantor']
array name_lt[1] = [2]
out = '8puzzle-depth-memory'
load scripts.'memory.gp'

# 8puzzle-depth: nodes
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 9
ylo = 1
yhi = 181438
array blk[2] = [0, 1]
array blk_lt[2] = [1, 2]
array name[2] = ['reverse-table', 'bfs-cantor']
array name_lt[2] = [1, 2]
out = '8puzzle-depth-nodes'
load scripts.'nodes.gp'

# 8puzzle-depth: box plot of solve time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
boxfile = 'data/8puzzle-depth.box.dat'
nbox = 4
ticklines = 2
ylo = 1.111e-06
yhi = 0.305123195
out = '8puzzle-depth-box'
load scripts.'box.gp'

# 8puzzle-depth: preparation against queries
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 100
ylo = 0.0008131385
yhi = 6.34429844
common = 148
array name[4] = ['reverse-table: 3.22 ms to prepare, then 1.19 µs a query', 'bfs-cantor: 811 µs a query', 'hdu1043: 17.8 µs a query', 'poj1077: 63.4 ms a query']
array prep[4] = [0.003221845, 1.662e-06, 0.140226013, 1.4001e-05]
array query[4] = [1.18604505e-06, 0.0008114765, 1.78004009e-05, 0.0634428444]
array series_lt[4] = [1, 2, 3, 4]
array series_dash[4] = [1, 2, 2, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'

# msquare-depth: time
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 24
col = 3
ylo = 1.162e-06
yhi = 0.061558526
array blk[3] = [0, 1, 2]
array blk_lt[3] = [1, 2, 5]
array name[3] = ['reverse-table', 'bfs-cantor', 'usaco']
array name_lt[3] = [1, 2, 5]
out = 'msquare-depth-time'
load scripts.'time.gp'

# msquare-depth: memory
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 24
col = 6
ylo = 49536
yhi = 114048
array blk[1] = [1]
array blk_lt[1] = [2]
array name[1] = ['bfs-cantor']
array name_lt[1] = [2]
out = 'msquare-depth-memory'
load scripts.'memory.gp'

# msquare-depth: nodes
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 24
col = 9
ylo = 1
yhi = 40212
array blk[2] = [0, 1]
array blk_lt[2] = [1, 2]
array name[2] = ['reverse-table', 'bfs-cantor']
array name_lt[2] = [1, 2]
out = 'msquare-depth-nodes'
load scripts.'nodes.gp'

# msquare-depth: box plot of solve time
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
boxfile = 'data/msquare-depth.box.dat'
nbox = 3
ticklines = 1
ylo = 1.102e-06
yhi = 0.083050998
out = 'msquare-depth-box'
load scripts.'box.gp'

# msquare-depth: preparation against queries
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-01'
caveat = ''
beven = 'data/msquare-depth.breakeven.dat'
qmax = 100
ylo = 0.000947878138
yhi = 1.3507646
common = 109
array name[3] = ['reverse-table: 3.83 ms to prepare, then 9.29 µs a query', 'bfs-cantor: 946 µs a query', 'usaco: 13.5 ms a query']
array prep[3] = [0.003831813, 1.382e-06, 0.000113529]
array query[3] = [9.2879633e-06, 0.000946496138, 0.0135065107]
array series_lt[3] = [1, 2, 5]
array series_dash[3] = [1, 2, 2]
out = 'msquare-depth-prepare'
load scripts.'prepare.gp'
