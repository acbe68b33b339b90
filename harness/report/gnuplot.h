/* Drawing a run's charts with gnuplot, run as a program: the charts are
 * written into a fresh folder beside DIR/charts, gnuplot draws them there,
 * and the folder is swapped in only when every image came out, so that a
 * failure leaves the old charts as they were. Messages go to standard
 * error, each starting with WHO ("bench plot"). */
#ifndef REPORT_GNUPLOT_H
#define REPORT_GNUPLOT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#define GNUPLOT_INSTALL_HINT \
	"install it with 'apt-get install gnuplot-nox' on Debian, or give --gnuplot PATH"

typedef struct gnuplot_dir {
	char final[PATH_MAX]; /* DIR/charts */
	char tmp[PATH_MAX];   /* the fresh folder, '' before there is one */
	const char *who;
} gnuplot_dir;

/* The scripts folder: GIVEN, else scripts/ beside the executable or one
 * folder up, else the source tree's; absolute, into OUT (PATH_MAX bytes).
 * Returns 0, or -1 (said why). */
int gnuplot_find_scripts(const char *who, const char *given, char *out);

/* Whether PROGRAM can be run: a path, or a name found on PATH. */
bool gnuplot_exists(const char *program);

/* Make the fresh folder (and its data/) for FINAL. Returns 0, or -1. */
int gnuplot_dir_begin(gnuplot_dir *d, const char *who, const char *final);

/* Run PROGRAM on the driver in the fresh folder, check that it drew
 * CHARTS charts (a PNG and an SVG each), and swap the folder in. Returns 0,
 * or -1 (said why; the old charts are kept). */
int gnuplot_draw(gnuplot_dir *d, const char *program, size_t charts);

/* Remove the fresh folder if it is still there. */
void gnuplot_dir_end(gnuplot_dir *d);

/* Print the charts now in D->final. */
void gnuplot_list(const gnuplot_dir *d);

/* The names, without EXT (".svg"), of the files in DIR that end in EXT,
 * sorted, into *NAMES (free each and the array with gnuplot_names_free).
 * Returns how many (0 when DIR cannot be read). */
size_t gnuplot_charts_in(const char *dir, const char *ext, char ***names);

void gnuplot_names_free(char **names, size_t n);

#endif
