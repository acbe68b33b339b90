# Written by 'bench space'. Run it inside this folder: gnuplot charts.gp
scripts = '/work/wt/space/scripts' . '/'

# tiles2x6: states at each distance
dataset = 'tiles2x6'
machine = ''
date = ''
caveat = ''
floor_line = 0
spacefile = 'data/space.dat'
total = 239500800
out = 'space'
load scripts.'space.gp'
