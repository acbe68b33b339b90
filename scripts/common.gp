# Settings that every puzzlebench chart shares. Each chart script loads this
# first (it resets everything but the variables) and svg.gp last.
#
# Expects: out (the file name without extension), dataset, machine, date
# (machine and date may be empty: meta.json is optional), caveat (why the
# times may mislead, such as a debug build; usually empty).
# Starts the PNG; svg.gp draws the same chart again as SVG.

reset
set encoding utf8
set micro  # %c writes µ, not u
set terminal pngcairo size 1280,800 font 'Sans,12' noenhanced background rgb 'white'
set output out.'.png'

pscale = 1
# memory.gp sets these for its axis; the others keep them
bytes_axis = 0
zero_label = '0'
zero_what = ''
yformat = '%g'
# floor.gp draws its lines across (a time axis up); quality.gp, whose time
# axis goes across, sets 1 for lines up
floor_vertical = 0
load scripts.'linetypes.gp'

set border 3
set tics nomirror out
set grid xtics ytics mytics lc rgb '#d8d8d8' lw 1, lc rgb '#ececec' lw 1
# The legend below the plot, in as many columns as fit: the plot keeps the
# whole width however many series there are.
set key below center horizontal Left reverse samplen 3 spacing 1.2 width 2 noautotitle

subtitle = (machine ne '' ? machine : 'machine not recorded (no meta.json)') . \
           (date ne '' ? ', run of '.date : '') . (caveat ne '' ? ' -- '.caveat : '')

# Drop what a logarithmic axis cannot show.
pos(v) = (v > 0 ? v : NaN)
# A decade of seconds as a tic label: SI prefixes below a second (10 µs,
# 1 ms), plain seconds above (100 s, 1000 s; not '1 ks').
seconds(k) = (k >= 0 ? sprintf('%.0f s', 10.0**k) : gprintf('%.0s %cs', 10.0**k))
