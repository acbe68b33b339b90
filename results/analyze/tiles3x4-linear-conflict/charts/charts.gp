# Written by 'bench analyze'. Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/analyze/scripts' . '/'

# tiles3x4: h against h*
dataset = 'tiles3x4'
machine = ''
date = ''
caveat = ''
floor_line = 0
heuristic = 'linear-conflict'
what = 'every state (239500800)'
heatfile = 'data/heuristic.dat'
hstar_max = 53
h_max = 42
out = 'heuristic'
load scripts.'analyze-heuristic.gp'

# tiles3x4: predicted against measured nodes
dataset = 'tiles3x4'
machine = ''
date = ''
caveat = ''
floor_line = 0
heuristic = 'linear-conflict'
what = 'a point an h*: the means over the states sampled there'
predfile = 'data/prediction.dat'
thrfile = 'data/thresholds.dat'
with_complete = 0
sampled = 0
with_thresholds = 1
random = 500
out = 'prediction'
load scripts.'analyze-prediction.gp'
