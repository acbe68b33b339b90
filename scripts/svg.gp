# Draws the chart just plotted (as PNG, by common.gp) again as SVG, then
# closes the file. Expects: out. The font and point sizes are scaled so
# that the SVG, shown at its own size, looks like the PNG.
set terminal svg size 1280,800 dynamic font 'Sans,15' noenhanced background rgb 'white'
set output out.'.svg'
pscale = 0.6
load scripts.'linetypes.gp'
replot
set output
