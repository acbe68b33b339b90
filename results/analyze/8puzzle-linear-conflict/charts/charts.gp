# Written by 'bench analyze'. Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/analyze/scripts' . '/'

# 8puzzle: h against h*
dataset = '8puzzle'
machine = ''
date = ''
caveat = ''
floor_line = 0
heuristic = 'linear-conflict'
what = 'every state (181440)'
heatfile = 'data/heuristic.dat'
hstar_max = 31
h_max = 28
out = 'heuristic'
load scripts.'analyze-heuristic.gp'

# 8puzzle: predicted against measured nodes
dataset = '8puzzle'
machine = ''
date = ''
caveat = ''
floor_line = 0
heuristic = 'linear-conflict'
what = 'a point an h*: the means over the states sampled there'
predfile = 'data/prediction.dat'
thrfile = 'data/thresholds.dat'
with_complete = 1
sampled = 0
with_thresholds = 1
random = 1000
out = 'prediction'
load scripts.'analyze-prediction.gp'
