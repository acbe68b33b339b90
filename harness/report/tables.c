#include "harness/report/tables.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness/io/csv.h"
#include "harness/io/units.h"
#include "harness/report/html.h"
#include "harness/report/quality.h"

#define NO_VALUE "-"
#define FLOOR_MARK "*"
/* Significant digits of a cell, and the most decimals it gets. */
#define CELL_DIGITS 3
#define CELL_MAX_DECIMALS 6
#define CELL_ROOM 64
/* The notes under a table: one for each kind of mark, and quality's. */
#define MAX_NOTES 6
/* Decimals of a quality (1.174). */
#define QUALITY_DECIMALS 3

typedef struct unit {
	const char *name; /* "" for the measure's own */
	double size;      /* in the measure's own (ns, nodes, bytes) */
} unit;

static const unit time_units[] = { { "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 } };
static const unit node_units[] = {
	{ "", 1 }, { "thousands", 1e3 }, { "millions", 1e6 }, { "billions", 1e9 },
};
/* a ratio: no unit */
static const unit ratio_units[] = { { "", 1 } };
/* binary, as units_format_bytes writes them */
static const unit byte_units[] = {
	{ "B", 1 }, { "KiB", 1024.0 }, { "MiB", 1048576.0 }, { "GiB", 1073741824.0 },
	{ "TiB", 1099511627776.0 },
};

#define NUNITS(a) (sizeof(a) / sizeof((a)[0]))

/* What a cell can show, in the order of the bits of tables_options.show:
 * the medians of a measure of the rows, or (m REPORT_MEASURES) the mean
 * quality of the answers. */
static const struct measure {
	unsigned bit;
	const char *word;  /* in --show and in a heading */
	const char *what;  /* in the title */
	report_measure m;
	const unit *units;
	size_t nunits;
} measures[] = {
	{ TABLES_TIME, "time", "wall time", REPORT_WALL, time_units, NUNITS(time_units) },
	{ TABLES_NODES, "nodes", "nodes expanded", REPORT_EXPANDED, node_units, NUNITS(node_units) },
	{ TABLES_MEMORY, "memory", "peak bytes held", REPORT_PEAK, byte_units, NUNITS(byte_units) },
	{ TABLES_QUALITY, "quality", "answer quality (length / optimal length)", REPORT_MEASURES,
	  ratio_units, NUNITS(ratio_units) },
};
#define NMEASURES NUNITS(measures)

static bool is_quality(size_t m)
{
	return measures[m].m == REPORT_MEASURES;
}

int tables_parse_show(const char *list, unsigned *show, char *bad, size_t badlen)
{
	const char *p = list;

	*show = 0;
	while (*p) {
		size_t len = strcspn(p, ","), i;

		for (i = 0; i < NMEASURES; i++)
			if (len == strlen(measures[i].word) && !strncmp(p, measures[i].word, len))
				break;
		if (i == NMEASURES) {
			snprintf(bad, badlen, "%.*s", (int)len, p);
			return -1;
		}
		*show |= measures[i].bit;
		p += len + (p[len] == ',');
	}
	if (!*show) {
		snprintf(bad, badlen, "%s", list);
		return -1;
	}
	return 0;
}

/* A row: an optimal length (its sort key), and for a table by instance
 * the instance (else REPORT_NONE). */
typedef struct row {
	uint32_t opt, instance;
} row;

/* What one series has in one row. */
typedef struct cell {
	bool present;             /* it has rows here */
	double v[NMEASURES];      /* the medians; NaN: none answered */
	size_t solved, count;     /* instances */
	const char *status;       /* by instance, not solved: why */
} cell;

/* A value column: a series and a measure (SOLVED_COLUMN: the instances
 * it solved, in a CSV table by length), in a unit. */
typedef struct column {
	size_t line, measure;
	const unit *u;
} column;
#define SOLVED_COLUMN NMEASURES

typedef struct table {
	const report_stats *s;
	const report *r;
	const tables_options *o;
	unsigned show;     /* what the cells show here */
	const report_line *lines;
	size_t nlines;
	double **quality;  /* per line, with quality shown: per instance (quality.h) */
	row *rows;
	size_t nrows;
	size_t *row_count; /* per row: its instances (the most any series has) */
	cell *cells;       /* nrows x nlines */
	column *cols;
	size_t ncols;
	size_t nlabels;    /* the columns before the values */
	char **grid;       /* (nrows + 1) x (nlabels + ncols) texts: the heading row first */
	bool any_floor, any_round_trip, any_short, any_status, any_absent;
} table;

static int cmp_row(const void *a, const void *b)
{
	const row *x = a, *y = b;

	if (x->opt != y->opt)
		return x->opt < y->opt ? -1 : 1;
	return (x->instance > y->instance) - (x->instance < y->instance);
}

static size_t find_row(const table *t, uint32_t opt, uint32_t instance)
{
	row key = { opt, instance };
	const row *p = bsearch(&key, t->rows, t->nrows, sizeof(*t->rows), cmp_row);

	return p ? (size_t)(p - t->rows) : SIZE_MAX;
}

/* The rows of T's lines, sorted, each once. */
static void collect_rows(table *t)
{
	const report_stats *s = t->s;
	bool by_instance = t->o->rows == TABLES_BY_INSTANCE;

	for (size_t i = 0; i < t->nlines; i++) {
		const report_line *l = &t->lines[i];

		if (!by_instance) {
			for (size_t g = 0; g < l->ngroups; g++)
				t->rows[t->nrows++] = (row){
					report_optimal_key(s->groups[l->first_group + g].optimal), REPORT_NONE };
			continue;
		}
		for (size_t a = l->first, b, end = a + l->nkeys; a < end; a = b) {
			uint32_t in = s->keys[a].instance;

			b = report_cell_end(s, a, end);
			t->rows[t->nrows++] = (row){ report_optimal_key_of(t->r, l->dataset, in), in };
		}
	}
	qsort(t->rows, t->nrows, sizeof(*t->rows), cmp_row);
	size_t j = 0;

	for (size_t i = 0; i < t->nrows; i++)
		if (!j || cmp_row(&t->rows[j - 1], &t->rows[i]))
			t->rows[j++] = t->rows[i];
	t->nrows = j;
}

/* Keep C's count and the row's. */
static void count_cell(table *t, size_t r, cell *c, size_t solved, size_t count)
{
	c->present = true;
	c->solved = solved;
	c->count = count;
	if (count > t->row_count[r])
		t->row_count[r] = count;
}

/* The cells of line I, a row per optimal length: its groups' medians. */
static void fill_by_length(table *t, size_t i)
{
	const report_line *l = &t->lines[i];

	for (size_t g = 0; g < l->ngroups; g++) {
		const report_group *grp = &t->s->groups[l->first_group + g];
		size_t r = find_row(t, report_optimal_key(grp->optimal), REPORT_NONE);
		cell *c = &t->cells[r * t->nlines + i];

		count_cell(t, r, c, grp->solved, grp->count);
		for (size_t m = 0; m < NMEASURES; m++) {
			if (is_quality(m))
				c->v[m] = t->quality ? quality_group(t->s, grp, t->quality[i]).mean
					  : NAN;
			else
				c->v[m] = grp->answered ? grp->m[measures[m].m].median : NAN;
		}
	}
}

/* The cells of line I, a row per instance: the medians of its repeats. */
static void fill_by_instance(table *t, size_t i)
{
	const report_line *l = &t->lines[i];

	for (size_t a = l->first, b, end = a + l->nkeys; a < end; a = b) {
		report_cell rc;
		size_t r, n;
		cell *c;

		b = report_cell_end(t->s, a, end);
		report_cell_read(t->s, l, a, b, &rc);
		r = find_row(t, rc.opt, rc.instance);
		c = &t->cells[r * t->nlines + i];
		count_cell(t, r, c, report_cell_solved(&rc), 1);
		for (size_t m = 0; m < NMEASURES; m++) {
			if (is_quality(m)) {
				c->v[m] = t->quality ? t->quality[i][rc.instance] : NAN;
				continue;
			}
			n = report_cell_values(t->s, l, a, b, measures[m].m, t->s->scratch);
			c->v[m] = n ? stats_median(t->s->scratch, n) : NAN;
		}
		if (!c->solved && rc.first_failure >= 0)
			c->status = run_status_name((run_status)rc.first_failure);
	}
}

static void format_number(double x, bool whole, char *buf, size_t cap);

/* The unit of measure M for line I's cells: the one in which the longest
 * of them is shortest written (the fewest digits and leading zeros: a
 * column of 10 us to 1.5 s reads best in ms, one of 400 ns in ns); of two
 * as short, the smaller (whole numbers read best). */
static const unit *column_unit(const table *t, size_t i, size_t m)
{
	const struct measure *mm = &measures[m];
	size_t best = 0, best_max = SIZE_MAX;

	for (size_t u = 0; u < mm->nunits; u++) {
		size_t max = 0;

		for (size_t r = 0; r < t->nrows; r++) {
			const cell *c = &t->cells[r * t->nlines + i];
			char buf[CELL_ROOM];

			if (!c->present || isnan(c->v[m]))
				continue;
			format_number(c->v[m] / mm->units[u].size, mm->units[u].size == 1, buf,
				      sizeof(buf));
			max = strlen(buf) > max ? strlen(buf) : max;
		}
		if (max < best_max) {
			best = u;
			best_max = max;
		}
	}
	return &mm->units[best];
}

/* The value columns: each line with each measure shown, in its unit (a
 * CSV table by length adds each line's solved count, which the other
 * formats mark in the cells). */
static void plan_columns(table *t)
{
	static const unit count = { "", 1 };
	unsigned show = t->show;

	for (size_t i = 0; i < t->nlines; i++) {
		for (size_t m = 0; m < NMEASURES; m++)
			if (show & measures[m].bit)
				t->cols[t->ncols++] = (column){ i, m, column_unit(t, i, m) };
		if (t->o->format == TABLES_CSV && t->o->rows == TABLES_BY_LENGTH)
			t->cols[t->ncols++] = (column){ i, SOLVED_COLUMN, &count };
	}
}

/* X with CELL_DIGITS significant digits (a whole number of the measure's
 * own unit without decimals). */
static void format_number(double x, bool whole, char *buf, size_t cap)
{
	int decimals = 0;

	if (x > 0 && !(whole && x == floor(x)))
		decimals = CELL_DIGITS - 1 - (int)floor(log10(x));
	decimals = decimals < 0 ? 0 : decimals > CELL_MAX_DECIMALS ? CELL_MAX_DECIMALS : decimals;
	snprintf(buf, cap, "%.*f", decimals, x);
}

/* The text of cell C in column COL (CSV: the number alone). */
static void cell_text(table *t, const column *col, const cell *c, char *buf, size_t cap)
{
	double v = col->measure < NMEASURES ? c->v[col->measure] : NAN;
	uint32_t algorithm = t->lines[col->line].algorithm;
	size_t used;

	buf[0] = '\0';
	if (!c->present) {
		t->any_absent = true;
		return;
	}
	if (col->measure == SOLVED_COLUMN) {
		snprintf(buf, cap, "%zu", c->solved);
		return;
	}
	/* a program that gives no node counts has none to show (CSV: empty) */
	if (measures[col->measure].m == REPORT_EXPANDED &&
	    !t->r->tracks[t->lines[col->line].track].counted) {
		if (t->o->format != TABLES_CSV)
			snprintf(buf, cap, NO_VALUE);
		return;
	}
	if (isnan(v)) {
		if (t->o->format == TABLES_CSV)
			return;
		/* answered, but no ok answer with a length to weigh */
		if (is_quality(col->measure) && c->solved) {
			snprintf(buf, cap, NO_VALUE);
			return;
		}
		if (c->status) {
			snprintf(buf, cap, "%s", c->status);
			t->any_status = true;
		} else {
			snprintf(buf, cap, NO_VALUE " (0/%zu)", c->count);
			t->any_short = true;
		}
		return;
	}
	if (is_quality(col->measure))
		snprintf(buf, cap, "%.*f", QUALITY_DECIMALS, v);
	else
		format_number(v / col->u->size, col->u->size == 1, buf, cap);
	if (t->o->format == TABLES_CSV)
		return;
	used = strlen(buf);
	if (measures[col->measure].m == REPORT_WALL &&
	    stats_near_floor(v, report_floor_of(t->r, algorithm))) {
		snprintf(buf + used, cap - used, FLOOR_MARK);
		used = strlen(buf);
		if (report_floor_is_round_trip(t->r, algorithm))
			t->any_round_trip = true;
		else
			t->any_floor = true;
	}
	if (c->solved < c->count) {
		snprintf(buf + used, cap - used, " (%zu/%zu)", c->solved, c->count);
		t->any_short = true;
	}
}

/* The heading of column COL. */
static char *column_heading(const table *t, const column *col)
{
	unsigned show = t->show;
	bool several = show & (show - 1);
	char label[256], *h = malloc(sizeof(label) + 64);

	if (!h)
		return NULL;
	report_series_label(t->r, t->lines[col->line].series, "+", label, sizeof(label));
	if (col->measure == SOLVED_COLUMN) {
		snprintf(h, sizeof(label) + 64, "%s solved", label);
		return h;
	}
	snprintf(h, sizeof(label) + 64, "%s%s%s%s%s%s", label, several ? " " : "",
		 several ? measures[col->measure].word : "", col->u->name[0] ? " (" : "",
		 col->u->name, col->u->name[0] ? ")" : "");
	return h;
}

/* The label of row R (and, by instance, its length into LEN). */
static void row_label(const table *t, size_t r, char *buf, size_t cap, char *len, size_t lencap)
{
	int opt = report_optimal_of(t->rows[r].opt);
	char ref[16];

	if (opt == DATASET_REF_UNKNOWN)
		snprintf(ref, sizeof(ref), "unknown");
	else
		dataset_format_reference(opt, ref, sizeof(ref));
	if (t->o->rows == TABLES_BY_INSTANCE) {
		snprintf(buf, cap, "%s", report_instance(t->r, t->lines[0].dataset, t->rows[r].instance));
		snprintf(len, lencap, "%s", ref);
	} else {
		snprintf(buf, cap, "%s", ref);
		snprintf(len, lencap, "%zu", t->row_count[r]);
	}
}

#define GRID(t, r, c) ((t)->grid[(size_t)(r) * ((t)->nlabels + (t)->ncols) + (c)])

/* Every text of the table into T->grid. Returns 0, -1 out of memory. */
static int fill_grid(table *t)
{
	size_t width = t->nlabels + t->ncols;

	t->grid = calloc((t->nrows + 1) * width, sizeof(*t->grid));
	if (!t->grid)
		return -1;
	GRID(t, 0, 0) = strdup(t->o->rows == TABLES_BY_INSTANCE ? "instance" : "length");
	GRID(t, 0, 1) = strdup(t->o->rows == TABLES_BY_INSTANCE ? "length" : "instances");
	for (size_t c = 0; c < t->ncols; c++)
		GRID(t, 0, t->nlabels + c) = column_heading(t, &t->cols[c]);
	for (size_t r = 0; r < t->nrows; r++) {
		char a[128], b[32], v[CELL_ROOM];

		row_label(t, r, a, sizeof(a), b, sizeof(b));
		GRID(t, r + 1, 0) = strdup(a);
		GRID(t, r + 1, 1) = strdup(b);
		for (size_t c = 0; c < t->ncols; c++) {
			cell_text(t, &t->cols[c], &t->cells[r * t->nlines + t->cols[c].line], v,
				  sizeof(v));
			GRID(t, r + 1, t->nlabels + c) = strdup(v);
		}
	}
	for (size_t i = 0; i < (t->nrows + 1) * width; i++)
		if (!t->grid[i])
			return -1;
	return 0;
}

/* The title: what the cells hold, what the rows are, of which dataset. */
static void title_of(const table *t, char *buf, size_t cap)
{
	size_t used = 0, n = 0, k = 0;

	buf[0] = '\0';
	for (size_t m = 0; m < NMEASURES; m++)
		n += !is_quality(m) && (t->show & measures[m].bit);
	for (size_t m = 0; m < NMEASURES && used < cap; m++) {
		if (is_quality(m) || !(t->show & measures[m].bit))
			continue;
		used += (size_t)snprintf(buf + used, cap - used, "%s%s", k ? (k + 1 == n ? " and " : ", ")
					 : "median ", measures[m].what);
		k++;
	}
	if (n && used < cap)
		used += (size_t)snprintf(buf + used, cap - used, " per solve");
	for (size_t m = 0; m < NMEASURES && used < cap; m++)
		if (is_quality(m) && (t->show & measures[m].bit))
			used += (size_t)snprintf(buf + used, cap - used, "%smean %s", n ? " and " : "",
						 measures[m].what);
	if (used < cap)
		snprintf(buf + used, cap - used, ", %s",
			 t->o->rows == TABLES_BY_INSTANCE ? "by instance (over its repeats)"
			 : "by optimal solution length (over its instances' runs)");
}

/* The notes on T's marks, each a sentence without a full stop, into
 * NOTES (up to MAX_NOTES). Returns how many. */
static size_t notes_of(const table *t, char notes[][256])
{
	size_t n = 0;
	char f[24];

	if (t->any_floor)
		snprintf(notes[n++], 256, FLOOR_MARK " within %dx of the harness's timing floor "
			 "(%s a solve): it measures the clock as much as the solver",
			 STATS_FLOOR_FACTOR, units_format_ns((uint64_t)llround(t->r->floor_ns), f, sizeof(f)));
	if (t->any_round_trip)
		snprintf(notes[n++], 256, FLOOR_MARK " by an outside program: within %dx of the round "
			 "trip to it (%s a solve): it measures the pipe as much as the program",
			 STATS_FLOOR_FACTOR, units_format_ns((uint64_t)llround(t->r->round_trip_ns), f, sizeof(f)));
	if (t->any_short)
		snprintf(notes[n++], 256, "(n/m): over the n of the m instances that were solved");
	if (t->any_status)
		snprintf(notes[n++], 256, "a status: the instance was not solved (timeout, memout, ...)");
	if (t->any_absent)
		snprintf(notes[n++], 256, "blank: the algorithm has no run there");
	if (t->show & TABLES_QUALITY)
		snprintf(notes[n++], 256, "quality: answer length / optimal length (the reference, "
			 "else the shortest answer in the run), the mean over the instances answered");
	return n;
}

/* What each writer is given: the table, its dataset's name, its title
 * and its notes. */
typedef struct table_out {
	const table *t;
	const char *name;
	char title[256];
	char notes[MAX_NOTES][256];
	size_t nnotes;
} table_out;

static void write_text(FILE *out, const table_out *o)
{
	const table *t = o->t;
	size_t width = t->nlabels + t->ncols, *w = calloc(width, sizeof(*w));

	if (!w)
		return;
	for (size_t r = 0; r <= t->nrows; r++)
		for (size_t c = 0; c < width; c++)
			if (strlen(GRID(t, r, c)) > w[c])
				w[c] = strlen(GRID(t, r, c));
	fprintf(out, "%s: %s\n", o->name, o->title);
	for (size_t r = 0; r <= t->nrows; r++) {
		for (size_t c = 0; c < width; c++)
			fprintf(out, c ? "  %*s" : "  %-*s", (int)w[c], GRID(t, r, c));
		fputc('\n', out);
	}
	for (size_t i = 0; i < o->nnotes; i++)
		fprintf(out, "  %s\n", o->notes[i]);
	free(w);
}

/* S in a Markdown table's cell: '|' escaped. */
static void markdown_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|' || *s == '*' || *s == '_' || *s == '\\')
			fputc('\\', out);
		fputc((unsigned char)*s < ' ' ? ' ' : *s, out);
	}
}

static void write_markdown(FILE *out, const table_out *o)
{
	const table *t = o->t;
	size_t width = t->nlabels + t->ncols;

	fputs("**", out);
	markdown_text(out, o->name);
	fprintf(out, "**: %s\n\n", o->title);
	for (size_t r = 0; r <= t->nrows; r++) {
		for (size_t c = 0; c < width; c++) {
			fputs("| ", out);
			markdown_text(out, GRID(t, r, c));
			fputc(' ', out);
		}
		fputs("|\n", out);
		if (!r) {
			for (size_t c = 0; c < width; c++)
				fputs(c ? "| ---: " : "| :--- ", out);
			fputs("|\n", out);
		}
	}
	if (o->nnotes)
		fputc('\n', out);
	for (size_t i = 0; i < o->nnotes; i++) {
		fputs("- ", out);
		markdown_text(out, o->notes[i]);
		fputc('\n', out);
	}
}

static void write_csv(FILE *out, const table_out *o)
{
	const table *t = o->t;
	size_t width = t->nlabels + t->ncols;

	for (size_t r = 0; r <= t->nrows; r++) {
		csv_write_field(out, r ? o->name : "dataset");
		for (size_t c = 0; c < width; c++) {
			fputc(',', out);
			csv_write_field(out, GRID(t, r, c));
		}
		fputc('\n', out);
	}
}

static void write_html(FILE *out, const table_out *o)
{
	const table *t = o->t;
	size_t width = t->nlabels + t->ncols;

	fputs("<table class=\"slide\">\n<caption><b>", out);
	html_text(out, o->name);
	fputs("</b>: ", out);
	html_text(out, o->title);
	fputs("</caption>\n", out);
	for (size_t r = 0; r <= t->nrows; r++) {
		fputs(r ? "<tr>" : "<thead><tr>", out);
		for (size_t c = 0; c < width; c++) {
			fputs(!r ? "<th>" : c < t->nlabels ? "<td class=\"label\">" : "<td>", out);
			html_text(out, GRID(t, r, c));
			fputs(r ? "</td>" : "</th>", out);
		}
		fputs(r ? "</tr>\n" : "</tr></thead>\n<tbody>\n", out);
	}
	fputs("</tbody>\n</table>\n", out);
	for (size_t i = 0; i < o->nnotes; i++) {
		fputs("<p class=\"note\">", out);
		html_text(out, o->notes[i]);
		fputs("</p>\n", out);
	}
}

static void table_release(table *t)
{
	if (t->grid)
		for (size_t i = 0; i < (t->nrows + 1) * (t->nlabels + t->ncols); i++)
			free(t->grid[i]);
	free(t->grid);
	free(t->rows);
	free(t->row_count);
	free(t->cells);
	free(t->cols);
	if (t->quality)
		for (size_t i = 0; i < t->nlines; i++)
			free(t->quality[i]);
	free(t->quality);
}

/* What T shows: what was asked, and quality where it was not asked but
 * not exact and a line has an answer longer than optimal; each line's
 * instance qualities into T->quality where quality is shown. Returns 0,
 * -1 out of memory. */
static int plan_show(table *t)
{
	const report *r = t->r;
	size_t ninst = r->instances[t->lines[0].dataset].names.count;
	bool longer = false;

	t->show = t->o->show ? t->o->show : TABLES_TIME;
	if (t->o->exact && !(t->show & TABLES_QUALITY))
		return 0;
	t->quality = calloc(t->nlines, sizeof(*t->quality));
	if (!t->quality)
		return -1;
	for (size_t i = 0; i < t->nlines; i++) {
		quality_figures f;

		t->quality[i] = malloc((ninst ? ninst : 1) * sizeof(double));
		if (!t->quality[i] ||
		    quality_instances(r, &r->tracks[t->lines[i].track], t->quality[i]) < 0)
			return -1;
		f = quality_figures_of(t->quality[i], ninst);
		longer |= !quality_all_optimal(&f);
	}
	if (longer)
		t->show |= TABLES_QUALITY;
	return 0;
}

/* The table of the lines L[0..n) of one dataset. Returns 0, -1 out of
 * memory. */
static int write_dataset(FILE *out, const report_stats *s, const tables_options *o,
			 const report_line *l, size_t n, bool first)
{
	size_t room = (o->rows == TABLES_BY_INSTANCE ? s->nkeys : s->ngroups) + 1;
	table t = { .s = s, .r = s->rep, .o = o, .lines = l, .nlines = n, .nlabels = 2 };
	table_out w = { .t = &t, .name = report_name(&s->rep->datasets, l[0].dataset) };
	int rc = -1;

	t.rows = malloc(room * sizeof(*t.rows));
	t.cols = calloc(n * (NMEASURES + 1), sizeof(*t.cols));
	if (!t.rows || !t.cols)
		goto done;
	if (plan_show(&t))
		goto done;
	collect_rows(&t);
	t.row_count = calloc(t.nrows + 1, sizeof(*t.row_count));
	t.cells = calloc((t.nrows + 1) * n, sizeof(*t.cells));
	if (!t.row_count || !t.cells)
		goto done;
	for (size_t i = 0; i < n; i++) {
		if (o->rows == TABLES_BY_INSTANCE)
			fill_by_instance(&t, i);
		else
			fill_by_length(&t, i);
	}
	plan_columns(&t);
	if (fill_grid(&t))
		goto done;
	title_of(&t, w.title, sizeof(w.title));
	w.nnotes = notes_of(&t, w.notes);
	if (!first && o->format != TABLES_HTML)
		fputc('\n', out);
	switch (o->format) {
	case TABLES_TEXT: write_text(out, &w); break;
	case TABLES_MARKDOWN: write_markdown(out, &w); break;
	case TABLES_CSV: write_csv(out, &w); break;
	case TABLES_HTML: write_html(out, &w); break;
	}
	rc = 0;
done:
	table_release(&t);
	return rc;
}

int tables_write(FILE *out, const report_stats *s, const tables_options *o)
{
	for (size_t i = 0, j; i < s->nlines; i = j) {
		for (j = i; j < s->nlines && s->lines[j].dataset == s->lines[i].dataset; j++)
			;
		if (write_dataset(out, s, o, s->lines + i, j - i, i == 0))
			return -1;
	}
	return 0;
}
