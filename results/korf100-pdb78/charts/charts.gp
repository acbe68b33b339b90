# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/main/scripts' . '/'

# korf100: time
dataset = 'korf100'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/korf100.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 68
col = 3
ylo = 5.1288e-05
yhi = 0.02949599
array blk[2] = [0, 1]
array blk_lt[2] = [1, 2]
array name[2] = ['idastar+pdb78', 'astar+pdb78']
array name_lt[2] = [1, 2]
out = 'korf100-time'
load scripts.'time.gp'

# korf100: memory
dataset = 'korf100'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/korf100.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 68
col = 6
ylo = 55264
yhi = 5903360
array blk[1] = [1]
array blk_lt[1] = [2]
array name[1] = ['astar+pdb78']
array name_lt[1] = [2]
out = 'korf100-memory'
load scripts.'memory.gp'

# korf100: nodes
dataset = 'korf100'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
datafile = 'data/korf100.length.dat'
unsfile = ''
nslots = 0
xunsolvable = 68
col = 9
ylo = 121
yhi = 191886
array blk[2] = [0, 1]
array blk_lt[2] = [1, 2]
array name[2] = ['idastar+pdb78', 'astar+pdb78']
array name_lt[2] = [1, 2]
out = 'korf100-nodes'
load scripts.'nodes.gp'

# korf100: box plot of solve time
dataset = 'korf100'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
boxfile = 'data/korf100.box.dat'
nbox = 2
ticklines = 1
ylo = 3.3992e-05
yhi = 0.02949599
out = 'korf100-box'
load scripts.'box.gp'

# korf100: preparation against queries
dataset = 'korf100'
machine = 'Intel(R) Xeon(R) Processor'
date = '2026-12-01'
caveat = ''
beven = ''
qmax = 100
ylo = 0.138823236
yhi = 1.49687673
common = 100
array name[2] = ['idastar+pdb78: 1.24 s to prepare, then 2.61 ms a query', 'astar+pdb78: 137 ms to prepare, then 2.31 ms a query']
array prep[2] = [1.23625031, 0.136515451]
array query[2] = [0.00260626411, 0.00230778512]
array series_lt[2] = [1, 2]
array series_dash[2] = [1, 1]
out = 'korf100-prepare'
load scripts.'prepare.gp'
