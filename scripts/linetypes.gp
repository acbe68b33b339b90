# Linetype N is the Nth series (algorithm + heuristic) of the run, so a
# series keeps its look on every chart. Twelve looks, each different from
# every other in colour and in point type: the first six solid lines with
# filled points, the next six dashed with open ones, so that no two are
# told apart by colour alone. Colours: five of Okabe and Ito's palette for
# colour-blind readers ("Color Universal Design", 2008: blue, vermillion,
# bluish green, reddish purple, orange) and black; then wine, olive,
# indigo and teal of Paul Tol's "muted" scheme, a brown and a grey: the
# first ten of distinct hues. Point sizes are scaled by pscale (svg.gp
# makes them smaller: the SVG terminal draws points larger than pngcairo).
set linetype 1 lc rgb '#0072B2' lw 2 dt 1 pt 7 ps 1.0 * pscale
set linetype 2 lc rgb '#D55E00' lw 2 dt 1 pt 5 ps 1.0 * pscale
set linetype 3 lc rgb '#009E73' lw 2 dt 1 pt 9 ps 1.3 * pscale
set linetype 4 lc rgb '#CC79A7' lw 2 dt 1 pt 11 ps 1.3 * pscale
set linetype 5 lc rgb '#E69F00' lw 2 dt 1 pt 13 ps 1.3 * pscale
set linetype 6 lc rgb '#000000' lw 2 dt 1 pt 15 ps 1.3 * pscale
set linetype 7 lc rgb '#882255' lw 2 dt 2 pt 6 ps 1.1 * pscale
set linetype 8 lc rgb '#999933' lw 2 dt 2 pt 4 ps 1.1 * pscale
set linetype 9 lc rgb '#8C510A' lw 2 dt 2 pt 8 ps 1.4 * pscale
set linetype 10 lc rgb '#332288' lw 2 dt 2 pt 10 ps 1.4 * pscale
set linetype 11 lc rgb '#44AA99' lw 2 dt 2 pt 12 ps 1.4 * pscale
set linetype 12 lc rgb '#777777' lw 2 dt 2 pt 14 ps 1.4 * pscale
set linetype cycle 12
