# Written by 'bench analyze'. Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/analyze/scripts' . '/'

# 15puzzle: h against h*
dataset = '15puzzle'
machine = ''
date = ''
caveat = ''
floor_line = 0
heuristic = 'pdb663'
what = 'the 100 instances of korf100'
heatfile = 'data/heuristic.dat'
hstar_max = 66
h_max = 54
out = 'heuristic'
load scripts.'analyze-heuristic.gp'

# 15puzzle: predicted against measured nodes
dataset = '15puzzle'
machine = ''
date = ''
caveat = ''
floor_line = 0
heuristic = 'pdb663'
what = 'a point an instance of korf100'
predfile = 'data/prediction.dat'
thrfile = 'data/thresholds.dat'
with_complete = 0
sampled = 1
with_thresholds = 1
random = 1000
out = 'prediction'
load scripts.'analyze-prediction.gp'
