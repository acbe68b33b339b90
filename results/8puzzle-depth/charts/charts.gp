# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 8puzzle-depth: time
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 3
ylo = 3.8e-07
yhi = 0.00848246525
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = '8puzzle-depth-time'
load scripts.'time.gp'

# 8puzzle-depth: memory
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 6
ylo = 21728
yhi = 4366544
array blk[4] = [2, 3, 4, 5]
array blk_lt[4] = [3, 4, 5, 6]
array name[4] = ['astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[4] = [3, 4, 5, 6]
out = '8puzzle-depth-memory'
load scripts.'memory.gp'

# 8puzzle-depth: nodes
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/8puzzle-depth.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 33
col = 9
ylo = 1
yhi = 181438
array blk[6] = [0, 1, 2, 3, 4, 5]
array blk_lt[6] = [1, 2, 3, 4, 5, 6]
array name[6] = ['reverse-table', 'idastar+manhattan', 'astar+manhattan', 'bibfs', 'bfs-cantor', 'bfs-hash']
array name_lt[6] = [1, 2, 3, 4, 5, 6]
out = '8puzzle-depth-nodes'
load scripts.'nodes.gp'

# 8puzzle-depth: box plot of solve time
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
boxfile = 'data/8puzzle-depth.box.dat'
nbox = 6
ticklines = 1
ylo = 3.76e-07
yhi = 0.008523958
out = '8puzzle-depth-box'
load scripts.'box.gp'

# 8puzzle-depth: preparation against queries
dataset = '8puzzle-depth'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
beven = 'data/8puzzle-depth.breakeven.dat'
qmax = 10000
ylo = 2.20506376e-05
yhi = 24.5725326
common = 149
array name[6] = ['reverse-table: 2.05 ms to prepare, then 396 ns a query', 'idastar+manhattan: 1.78 µs to prepare, then 20.3 µs a query', 'astar+manhattan: 842 ns to prepare, then 63.6 µs a query', 'bibfs: 113 µs a query', 'bfs-cantor: 295 µs a query', 'bfs-hash: 2.46 ms a query']
array prep[6] = [0.002047104, 1.78e-06, 8.42e-07, 4.67e-07, 5.66e-07, 4.08e-07]
array query[6] = [3.95812081e-07, 2.02706376e-05, 6.35558501e-05, 0.000113123528, 0.000295130758, 0.00245725321]
array series_lt[6] = [1, 2, 3, 4, 5, 6]
array series_dash[6] = [1, 1, 1, 2, 2, 2]
out = '8puzzle-depth-prepare'
load scripts.'prepare.gp'
