# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# 8puzzle-depth: time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.48e-07
floor_label = 'dashes: 20x the timing floor (7.4 ns):'
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 33
col = 5
ylo = 1.45e-08
yhi = 0.11097191
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['reverse-table', 'bfs-cantor', 'hdu1043', 'poj1077 (148 of 149 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-time'
load scripts.'time.gp'

# 8puzzle-depth: memory
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = 'reverse-table'
nslots = 0
xunsolvable = 33
col = 8
ylo = 182688
yhi = 12046336
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['reverse-table', 'bfs-cantor', 'hdu1043', 'poj1077 (148 of 149 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-memory'
load scripts.'memory.gp'

# 8puzzle-depth: nodes
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
zero_names = 'bfs-cantor, hdu1043, poj1077'
nslots = 0
xunsolvable = 33
col = 11
ylo = 1
yhi = 181438
short_of = 0
array blk[4] = [0, 1, 2, 3]
array blk_lt[4] = [1, 2, 3, 4]
array name[4] = ['reverse-table', 'bfs-cantor', 'hdu1043', 'poj1077 (148 of 149 solved)']
array name_lt[4] = [1, 2, 3, 4]
array count_x[32] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
array count_n[32] = [1, 2, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 2]
out = '8puzzle-depth-nodes'
load scripts.'nodes.gp'

# 8puzzle-depth: box plot of solve time
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.48e-07
floor_label = 'dashes: 20x the timing floor (7.4 ns):'
boxfile = 'data/8puzzle-depth.box.dat'
nbox = 4
ticklines = 2
ylo = 1.4e-08
yhi = 0.119358312
out = '8puzzle-depth-box'
load scripts.'box.gp'

# 8puzzle-depth: preparation against queries
dataset = '8puzzle-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 10000
ylo = 9.90075e-05
yhi = 50.493355
common = 148
array name[4] = ['reverse-table: 4.6 ms + 16 ns a query', 'bfs-cantor: 99 µs a query', 'hdu1043: 79.8 ms + 8.51 µs a query', 'poj1077: 5.05 ms a query']
array prep[4] = [0.004600818, 0, 0.079760725, 0]
array query[4] = [1.6e-08, 9.90075e-05, 8.506e-06, 0.0050493355]
array series_lt[4] = [1, 2, 3, 4]
array series_dash[4] = [1, 2, 1, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'

# msquare-depth: time
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.48e-07
floor_label = 'dashes: 20x the timing floor (7.4 ns):'
datafile = 'data/msquare-depth.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 24
col = 5
ylo = 1e-08
yhi = 0.0232579175
short_of = 0
array blk[3] = [0, 1, 2]
array blk_lt[3] = [1, 2, 5]
array name[3] = ['reverse-table', 'bfs-cantor', 'usaco']
array name_lt[3] = [1, 2, 5]
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
zero_names = 'reverse-table'
nslots = 0
xunsolvable = 24
col = 8
ylo = 49536
yhi = 3248128
short_of = 0
array blk[3] = [0, 1, 2]
array blk_lt[3] = [1, 2, 5]
array name[3] = ['reverse-table', 'bfs-cantor', 'usaco']
array name_lt[3] = [1, 2, 5]
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
zero_names = 'bfs-cantor, usaco'
nslots = 0
xunsolvable = 24
col = 11
ylo = 1
yhi = 40212
short_of = 0
array blk[3] = [0, 1, 2]
array blk_lt[3] = [1, 2, 5]
array name[3] = ['reverse-table', 'bfs-cantor', 'usaco']
array name_lt[3] = [1, 2, 5]
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
floor_line = 1.48e-07
floor_label = 'dashes: 20x the timing floor (7.4 ns):'
boxfile = 'data/msquare-depth.box.dat'
nbox = 3
ticklines = 1
ylo = 1e-08
yhi = 0.164124026
out = 'msquare-depth-box'
load scripts.'box.gp'

# msquare-depth: preparation against queries
dataset = 'msquare-depth'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
beven = 'data/msquare-depth.breakeven.dat'
qmax = 1000
ylo = 7.7144e-05
yhi = 3.33249
common = 109
array name[3] = ['reverse-table: 2.27 ms + 10 ns a query', 'bfs-cantor: 77.1 µs a query', 'usaco: 3.33 ms a query']
array prep[3] = [0.002272993, 0, 0]
array query[3] = [1e-08, 7.7144e-05, 0.00333249]
array series_lt[3] = [1, 2, 5]
array series_dash[3] = [1, 2, 2]
out = 'msquare-depth-prepare'
load scripts.'prepare.gp'
