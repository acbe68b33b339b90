# Written by 'bench plot': draws every chart of this run from data/.
# Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/camp/scripts' . '/'

# korf24-three: time
dataset = 'korf24-three'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.414e-07
floor_label = 'dashes: 20x the timing floor (7.07 ns):'
datafile = 'data/korf24-three.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 98
col = 5
ylo = 3.22657831
yhi = 24.4963699
short_of = 0
array blk[1] = [0]
array blk_lt[1] = [1]
array name[1] = ['idastar+pdb6666']
array name_lt[1] = [1]
array count_x[3] = [81, 82, 96]
array count_n[3] = [1, 1, 1]
out = 'korf24-three-time'
load scripts.'time.gp'

# korf24-three: nodes
dataset = 'korf24-three'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
datafile = 'data/korf24-three.length.dat'
unsfile = ''
zero_names = ''
nslots = 0
xunsolvable = 98
col = 11
ylo = 17828584
yhi = 129418572
short_of = 0
array blk[1] = [0]
array blk_lt[1] = [1]
array name[1] = ['idastar+pdb6666']
array name_lt[1] = [1]
array count_x[3] = [81, 82, 96]
array count_n[3] = [1, 1, 1]
out = 'korf24-three-nodes'
load scripts.'nodes.gp'

# korf24-three: box plot of solve time
dataset = 'korf24-three'
machine = 'AMD EPYC'
date = '2026-12-02'
caveat = ''
floor_line = 0
floor_line = 1.414e-07
floor_label = 'dashes: 20x the timing floor (7.07 ns):'
boxfile = 'data/korf24-three.box.dat'
nbox = 1
ticklines = 1
ylo = 3.22657831
yhi = 24.4963699
out = 'korf24-three-box'
load scripts.'box.gp'
