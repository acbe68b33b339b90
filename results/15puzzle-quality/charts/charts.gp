# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# 15puzzle-walks: time
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-06'
caveat = ''
floor_line = 0
trip_line = 0
floor_line = 5.38e-08
floor_label = 'dashes: 20x the timing floor (2.69 ns):'
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 44
col = 5
ylo = 1.28e-07
yhi = 0.0595661535
short_of = 0
short_rest = 'unsolved'
array blk[8] = [0, 1, 2, 3, 4, 5, 6, 7]
array blk_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array name[8] = ['astar+manhattan', 'idastar+manhattan', 'wastar:w=1.5+manhattan', 'wastar:w=2+manhattan', 'wastar:w=5+manhattan', 'gbfs+manhattan', 'beam:width=1000+manhattan', 'awastar:w=2+manhattan']
array name_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-time'
load scripts.'time.gp'

# 15puzzle-walks: memory
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-06'
caveat = ''
floor_line = 0
trip_line = 0
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = 'idastar+manhattan'
nslots = 0
xunsolvable = 44
col = 8
ylo = 33792
yhi = 21768080
short_of = 0
short_rest = 'unsolved'
array blk[8] = [0, 1, 2, 3, 4, 5, 6, 7]
array blk_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array name[8] = ['astar+manhattan', 'idastar+manhattan', 'wastar:w=1.5+manhattan', 'wastar:w=2+manhattan', 'wastar:w=5+manhattan', 'gbfs+manhattan', 'beam:width=1000+manhattan', 'awastar:w=2+manhattan']
array name_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-memory'
load scripts.'memory.gp'

# 15puzzle-walks: nodes
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-06'
caveat = ''
floor_line = 0
trip_line = 0
datafile = 'data/15puzzle-walks.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 44
col = 11
ylo = 4
yhi = 1397780
short_of = 0
short_rest = 'unsolved'
array blk[8] = [0, 1, 2, 3, 4, 5, 6, 7]
array blk_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array name[8] = ['astar+manhattan', 'idastar+manhattan', 'wastar:w=1.5+manhattan', 'wastar:w=2+manhattan', 'wastar:w=5+manhattan', 'gbfs+manhattan', 'beam:width=1000+manhattan', 'awastar:w=2+manhattan']
array name_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array count_x[17] = [4, 6, 8, 12, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42]
array count_n[17] = [2, 1, 2, 2, 1, 2, 2, 2, 2, 1, 1, 3, 4, 2, 2, 2, 1]
out = '15puzzle-walks-nodes'
load scripts.'nodes.gp'

# 15puzzle-walks: box plot of solve time
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-06'
caveat = ''
floor_line = 0
trip_line = 0
floor_line = 5.38e-08
floor_label = 'dashes: 20x the timing floor (2.69 ns):'
boxfile = 'data/15puzzle-walks.box.dat'
nbox = 8
ticklines = 1
ylo = 1.28e-07
yhi = 0.0718195
out = '15puzzle-walks-box'
load scripts.'box.gp'

# 15puzzle-walks: quality against time
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-06'
caveat = ''
floor_line = 0
trip_line = 0
floor_line = 5.38e-08
floor_label = 'dashes: 20x the timing floor (2.69 ns):'
datafile = 'data/15puzzle-walks.quality.dat'
xlo = 1.31235e-05
xhi = 0.001548489
qlo = 0.881021221
qhi = 2.60621351
array name[8] = ['astar+manhattan', 'idastar+manhattan', 'wastar:w=1.5+manhattan', 'wastar:w=2+manhattan', 'wastar:w=5+manhattan', 'gbfs+manhattan', 'beam:width=1000+manhattan', 'awastar:w=2+manhattan']
array name_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
out = '15puzzle-walks-quality'
load scripts.'quality.gp'

# 15puzzle-walks: anytime profiles
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-06'
caveat = ''
floor_line = 0
trip_line = 0
datafile = 'data/15puzzle-walks.anytime.dat'
xlo = 2.945e-06
xhi = 0.042017453
qlo = 0.998
qhi = 1.027
array blk[1] = [0]
array blk_lt[1] = [8]
array name[1] = ['awastar:w=2+manhattan']
out = '15puzzle-walks-anytime'
load scripts.'anytime.gp'

# 15puzzle-walks: preparation against queries
dataset = '15puzzle-walks'
machine = 'AMD EPYC'
date = '2026-12-06'
caveat = ''
floor_line = 0
trip_line = 0
beven = 'data/15puzzle-walks.breakeven.dat'
qmax = 100
ylo = 6.22135e-05
yhi = 0.15490618
common = 32
array name[8] = ['astar+manhattan: 99.7 µs + 377 µs a query', 'idastar+manhattan: 78.2 µs + 13.1 µs a query', 'wastar:w=1.5+manhattan: 6.96 µs + 86.8 µs a query', 'wastar:w=2+manhattan: 6.14 µs + 69 µs a query', 'wastar:w=5+manhattan: 6.75 µs + 106 µs a query', 'gbfs+manhattan: 6.29 µs + 55.9 µs a query', 'beam:width=1000+manhattan: 57.3 µs + 1.55 ms a query', 'awastar:w=2+manhattan: 5.89 µs + 772 µs a query']
array prep[8] = [9.972e-05, 7.8219e-05, 6.964e-06, 6.142e-06, 6.753e-06, 6.292e-06, 5.728e-05, 5.891e-06]
array query[8] = [0.0003773075, 1.31235e-05, 8.67555e-05, 6.9046e-05, 0.0001058515, 5.59215e-05, 0.001548489, 0.0007721385]
array series_lt[8] = [1, 2, 3, 4, 5, 6, 7, 8]
array series_dash[8] = [1, 1, 1, 1, 1, 1, 1, 1]
out = '15puzzle-walks-prepare'
load scripts.'prepare.gp'
