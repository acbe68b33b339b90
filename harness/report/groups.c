#include "harness/report/groups.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Sort keys of the optimal length: after every length, unsolvable, then
 * unknown. */
#define OPT_KEY_UNSOLVABLE (PB_MAX_PATH + 1)
#define OPT_KEY_UNKNOWN (PB_MAX_PATH + 2)
#define OPT_KEYS (OPT_KEY_UNKNOWN + 1)

uint32_t report_optimal_key(int optimal)
{
	return optimal >= 0 ? (uint32_t)optimal
	       : optimal == DATASET_REF_UNSOLVABLE ? OPT_KEY_UNSOLVABLE : OPT_KEY_UNKNOWN;
}

int report_optimal_of(uint32_t opt)
{
	return opt == OPT_KEY_UNSOLVABLE ? DATASET_REF_UNSOLVABLE
	       : opt == OPT_KEY_UNKNOWN ? DATASET_REF_UNKNOWN : (int)opt;
}

/* The rule of groups.h: the reference; else 'unsolvable' when a solver
 * said so; else the shortest accepted path; else unknown. */
uint32_t report_optimal_key_of(const report *r, uint32_t d, uint32_t i)
{
	const report_instances *in = &r->instances[d];

	if (in->reference[i] != DATASET_REF_UNKNOWN)
		return report_optimal_key(in->reference[i]);
	if (in->shortest[i] == REPORT_SAID_UNSOLVABLE)
		return OPT_KEY_UNSOLVABLE;
	return report_optimal_key(in->shortest[i] >= 0 ? in->shortest[i] : DATASET_REF_UNKNOWN);
}

static uint64_t measure_of(const report_coded *row, report_measure m)
{
	switch (m) {
	case REPORT_WALL: return row->wall_ns;
	case REPORT_PEAK: return row->peak_bytes;
	case REPORT_EXPANDED: return row->expanded;
	case REPORT_GENERATED:
	case REPORT_MEASURES: break;
	}
	return row->generated;
}

static const report_track *track_of(const report_stats *s, const report_line *l)
{
	return &s->rep->tracks[l->track];
}

/* The rows of segment K of track T, one at a time. */
typedef struct segment {
	report_cursor c;
	bool started;
} segment;

static void segment_start(segment *g, const report_track *t, const report_key *k)
{
	report_cursor_init(&g->c, t, k->offset, k->instance);
	g->started = false;
}

static bool segment_next(segment *g)
{
	if (!report_cursor_next(&g->c) || (g->started && g->c.segment_start))
		return false;
	g->started = true;
	return true;
}

size_t report_cell_end(const report_stats *s, size_t i, size_t end)
{
	size_t j = i;

	while (j < end && s->keys[j].instance == s->keys[i].instance)
		j++;
	return j;
}

void report_cell_read(const report_stats *s, const report_line *l, size_t i, size_t j,
		      report_cell *c)
{
	const report_track *t = track_of(s, l);
	const report *r = s->rep;
	int reference = r->instances[l->dataset].reference[s->keys[i].instance];
	segment g;

	memset(c, 0, sizeof(*c));
	c->instance = s->keys[i].instance;
	c->opt = report_optimal_key_of(r, l->dataset, c->instance);
	c->first_failure = -1;
	for (size_t k = i; k < j; k++) {
		segment_start(&g, t, &s->keys[k]);
		while (segment_next(&g)) {
			const report_coded *row = &g.c.row;

			c->rows++;
			c->statuses |= 1u << row->status;
			c->wrong += row->status == RUN_WRONG;
			if (run_status_answered(row->status))
				c->answered++;
			else if (c->first_failure < 0)
				c->first_failure = row->status;
			if (row->status == RUN_OK && reference >= 0 && row->length < reference)
				c->below_reference++;
			if (row->peak_bytes > c->max_peak)
				c->max_peak = row->peak_bytes;
		}
	}
}

bool report_cell_solved(const report_cell *c)
{
	return c->rows > 0 && c->answered == c->rows;
}

size_t report_cell_values(const report_stats *s, const report_line *l, size_t i, size_t j,
			  report_measure m, double *buf)
{
	const report_track *t = track_of(s, l);
	size_t count = 0;
	segment g;

	for (size_t k = i; k < j; k++) {
		segment_start(&g, t, &s->keys[k]);
		while (segment_next(&g))
			if (run_status_answered(g.c.row.status))
				buf[count++] = (double)measure_of(&g.c.row, m);
	}
	stats_sort(buf, count);
	return count;
}

bool report_has_preparation(const report_row *prepare)
{
	return prepare && (prepare->status != RUN_OK || prepare->expanded ||
			   prepare->peak_bytes >= REPORT_PREPARE_MIN_BYTES);
}

/* The answered rows of keys [first, end) of a line, for stats_five_visited:
 * the measures WHICH[0..nm) of each; with COUNT, only the cells of
 * instances I with COUNT[I] == NEED. */
typedef struct rows_source {
	const report_stats *s;
	const report_line *l;
	size_t first, end;
	const report_measure *which;
	size_t nm;
	const uint32_t *count;
	uint32_t need;
} rows_source;

static void visit_rows(void *arg, stats_each_fn each, void *acc)
{
	const rows_source *src = arg;
	const report_track *t = track_of(src->s, src->l);
	uint64_t v[STATS_MAX_MEASURES];
	segment g;

	for (size_t k = src->first; k < src->end; k++) {
		const report_key *key = &src->s->keys[k];

		if (src->count && src->count[key->instance] != src->need)
			continue;
		segment_start(&g, t, key);
		while (segment_next(&g)) {
			if (!run_status_answered(g.c.row.status))
				continue;
			for (size_t m = 0; m < src->nm; m++)
				v[m] = measure_of(&g.c.row, src->which[m]);
			each(acc, v);
		}
	}
}

/* The five-number summaries of SRC's N rows into OUT (zero when none). */
static int five_of_rows(const report_stats *s, rows_source *src, size_t n, stats_five *out)
{
	if (!n) {
		memset(out, 0, src->nm * sizeof(*out));
		return 0;
	}
	return stats_five_visited(visit_rows, src, n, src->nm, s->scratch, s->scratch_room, out);
}

long report_common_medians(const report_stats *s, const report_line *l, size_t n, double *median)
{
	const report *r = s->rep;
	size_t ninst = n ? r->instances[l[0].dataset].names.count : 0;
	uint32_t *count = calloc(ninst ? ninst : 1, sizeof(*count));
	static const report_measure wall = REPORT_WALL;
	uint32_t compared = 0;
	size_t common = 0;
	report_cell c;

	if (!count)
		return -1;
	for (size_t i = 0; i < n; i++) {
		median[i] = NAN;
		if (!l[i].solved)
			continue;
		compared++;
		for (size_t a = l[i].first, b, end = a + l[i].nkeys; a < end; a = b) {
			b = report_cell_end(s, a, end);
			report_cell_read(s, &l[i], a, b, &c);
			count[c.instance] += report_cell_solved(&c);
		}
	}
	for (size_t i = 0; i < n; i++) {
		rows_source src = { .s = s, .l = &l[i], .first = l[i].first,
				    .end = l[i].first + l[i].nkeys, .which = &wall, .nm = 1,
				    .count = count, .need = compared };
		size_t rows = 0;
		stats_five f;

		if (!l[i].solved)
			continue;
		for (size_t a = src.first, b; a < src.end; a = b) {
			b = report_cell_end(s, a, src.end);
			if (count[s->keys[a].instance] != compared)
				continue;
			report_cell_read(s, &l[i], a, b, &c);
			rows += c.answered;
		}
		if (!rows)
			continue;
		if (five_of_rows(s, &src, rows, &f)) {
			free(count);
			return -1;
		}
		median[i] = f.median;
	}
	for (size_t i = 0; i < ninst; i++)
		common += compared && count[i] == compared;
	free(count);
	return (long)common;
}

/* Count cell C's statuses and spread into L (with its values in S's
 * scratch). */
static void line_cell(const report_stats *s, const report_cell *c, size_t i, size_t j,
		      report_line *l)
{
	stats_five f;
	size_t m;

	l->total++;
	l->solved += report_cell_solved(c);
	l->wrong += !!(c->statuses & 1u << RUN_WRONG);
	l->timeout += !!(c->statuses & 1u << RUN_TIMEOUT);
	l->memout += !!(c->statuses & 1u << RUN_MEMOUT);
	l->failed += !!(c->statuses & (1u << RUN_ERROR | 1u << RUN_CRASH));
	l->unsupported += !!(c->statuses & 1u << RUN_UNSUPPORTED);
	l->interrupted += !!(c->statuses & 1u << RUN_INTERRUPTED);
	l->skipped += !!(c->statuses & 1u << RUN_SKIPPED);
	l->below_reference += c->below_reference;
	if (c->max_peak > l->max_peak)
		l->max_peak = c->max_peak;
	if (c->answered < REPORT_SPREAD_MIN_REPEATS)
		return;
	m = report_cell_values(s, l, i, j, REPORT_WALL, s->scratch);
	f = stats_five_of(s->scratch, m);

	l->spread_sampled++;
	l->noisy += f.median > 0 && (f.q3 - f.q1) / f.median > REPORT_NOISY_SPREAD;
}

/* The groups of line L (its keys sorted), and its own figures. */
static int line_stats(report_stats *s, report_line *l)
{
	static const report_measure all[REPORT_MEASURES] = {
		REPORT_WALL, REPORT_PEAK, REPORT_EXPANDED, REPORT_GENERATED,
	};
	static const report_measure line_measures[] = { REPORT_WALL, REPORT_EXPANDED };
	const report *r = s->rep;
	size_t end = l->first + l->nkeys;
	rows_source src = { .s = s, .l = l, .first = l->first, .end = end, .which = line_measures,
			    .nm = 2 };
	stats_five f[2];
	report_cell c;

	l->first_group = s->ngroups;
	for (size_t i = l->first, j; i < end; i = j) {
		report_group *g = &s->groups[s->ngroups++];
		uint32_t opt = report_optimal_key_of(r, l->dataset, s->keys[i].instance);
		rows_source gs = { .s = s, .l = l, .first = i, .which = all, .nm = REPORT_MEASURES };

		*g = (report_group){ .dataset = l->dataset, .algorithm = l->algorithm,
				     .heuristic = l->heuristic, .series = l->series,
				     .optimal = report_optimal_of(opt), .first = i };
		for (j = i; j < end &&
			     report_optimal_key_of(r, l->dataset, s->keys[j].instance) == opt; ) {
			size_t b = report_cell_end(s, j, end);

			report_cell_read(s, l, j, b, &c);
			g->count++;
			g->solved += report_cell_solved(&c);
			g->answered += c.answered;
			line_cell(s, &c, j, b, l);
			j = b;
		}
		g->nkeys = j - i;
		gs.end = j;
		if (five_of_rows(s, &gs, g->answered, g->m))
			return -1;
		l->answered += g->answered;
	}
	l->ngroups = s->ngroups - l->first_group;
	if (five_of_rows(s, &src, l->answered, f))
		return -1;
	l->wall = f[0];
	l->expanded = f[1];
	return 0;
}

static int cmp_line(const void *a, const void *b)
{
	const report_line *x = a, *y = b;
	const uint32_t fx[] = { x->dataset, x->algorithm, x->heuristic };
	const uint32_t fy[] = { y->dataset, y->algorithm, y->heuristic };

	for (size_t i = 0; i < sizeof(fx) / sizeof(fx[0]); i++)
		if (fx[i] != fy[i])
			return fx[i] < fy[i] ? -1 : 1;
	return 0;
}

static int cmp_key(const void *a, const void *b)
{
	const report_key *x = a, *y = b;

	if (x->instance != y->instance)
		return x->instance < y->instance ? -1 : 1;
	return (x->offset > y->offset) - (x->offset < y->offset);
}

/* The most rows a cell of line L's keys K[0..n) (sorted by instance) has,
 * given each segment's rows SEG[0..n). */
static size_t most_rows(const report_key *k, const uint32_t *seg, size_t n)
{
	size_t most = 0;

	for (size_t i = 0, j; i < n; i = j) {
		size_t rows = 0;

		for (j = i; j < n && k[j].instance == k[i].instance; j++)
			rows += seg[j];
		most = rows > most ? rows : most;
	}
	return most;
}

/* The keys of line L: one per segment of its track, by optimal length,
 * then instance, then place; TMP has room for them, and for their rows
 * (as many uint32_t); *ROOM grows to the rows of its largest cell. */
static void line_keys(report_stats *s, report_line *l, report_key *tmp, uint32_t *seg,
		      size_t *room)
{
	const report_track *t = track_of(s, l);
	report_key *k = s->keys + l->first;
	size_t at[OPT_KEYS + 1] = { 0 }, n = 0, most;
	bool sorted = true;
	report_cursor c;

	report_cursor_init(&c, t, 0, 0);
	while (report_cursor_next(&c)) {
		if (c.segment_start) {
			k[n] = (report_key){ c.row.instance, (uint32_t)c.offset };
			sorted &= !n || k[n - 1].instance < c.row.instance;
			seg[n++] = 0;
		}
		seg[n - 1]++;
	}
	l->nkeys = n;
	if (!sorted) {
		/* a cell in several segments (a resumed or merged run): in one
		 * place, in the order its rows came; the segments' row counts
		 * sorted along (by instance: the same runs of instances) */
		for (size_t i = 0; i < n; i++)
			tmp[i] = (report_key){ k[i].instance, seg[i] };
		qsort(k, n, sizeof(*k), cmp_key);
		qsort(tmp, n, sizeof(*tmp), cmp_key);
		for (size_t i = 0; i < n; i++)
			seg[i] = tmp[i].offset;
	}
	most = most_rows(k, seg, n);
	/* a stable counting sort by optimal length keeps them by instance */
	for (size_t i = 0; i < n; i++)
		at[report_optimal_key_of(s->rep, l->dataset, k[i].instance) + 1]++;
	for (size_t o = 1; o <= OPT_KEYS; o++)
		at[o] += at[o - 1];
	memcpy(tmp, k, n * sizeof(*k));
	for (size_t i = 0; i < n; i++)
		k[at[report_optimal_key_of(s->rep, l->dataset, tmp[i].instance)]++] = tmp[i];
	if (most > *room)
		*room = most;
}

/* The lines of R's tracks that have solve rows, sorted, with their keys. */
static int build_lines(report_stats *s)
{
	const report *r = s->rep;
	size_t segments = 0, most = 0, room = REPORT_SCRATCH;
	report_key *tmp;
	uint32_t *seg;

	for (size_t i = 0; i < r->ntracks; i++) {
		const report_track *t = &r->tracks[i];

		if (!t->rows)
			continue;
		s->lines[s->nlines++] = (report_line){
			.dataset = t->dataset, .series = t->series, .track = (uint32_t)i,
			.algorithm = r->series[t->series].algorithm,
			.heuristic = r->series[t->series].heuristic,
			.prepare = t->prepared ? &t->prepare : NULL,
		};
		segments += t->segments;
		most = t->segments > most ? t->segments : most;
	}
	qsort(s->lines, s->nlines, sizeof(*s->lines), cmp_line);
	s->keys = malloc((segments ? segments : 1) * sizeof(*s->keys));
	s->groups = malloc((segments ? segments : 1) * sizeof(*s->groups));
	tmp = malloc((most ? most : 1) * sizeof(*tmp));
	seg = malloc((most ? most : 1) * sizeof(*seg));
	if (!s->keys || !s->groups || !tmp || !seg) {
		free(tmp);
		free(seg);
		return -1;
	}
	for (size_t i = 0; i < s->nlines; i++) {
		s->lines[i].first = s->nkeys;
		line_keys(s, &s->lines[i], tmp, seg, &room);
		s->nkeys += s->lines[i].nkeys;
	}
	free(tmp);
	free(seg);
	s->scratch_room = room;
	s->scratch = malloc(room * sizeof(*s->scratch));
	return s->scratch ? 0 : -1;
}

int report_stats_build(report_stats *s, const report *r)
{
	memset(s, 0, sizeof(*s));
	s->rep = r;
	s->lines = malloc((r->ntracks ? r->ntracks : 1) * sizeof(*s->lines));
	s->instances = calloc(r->datasets.count ? r->datasets.count : 1, sizeof(*s->instances));
	if (!s->lines || !s->instances || build_lines(s))
		goto fail;
	for (size_t d = 0; d < r->datasets.count; d++)
		s->instances[d] = r->instances[d].names.count;
	for (size_t i = 0; i < s->nlines; i++)
		if (line_stats(s, &s->lines[i]))
			goto fail;
	return 0;
fail:
	report_stats_release(s);
	return -1;
}

void report_stats_release(report_stats *s)
{
	free(s->keys);
	free(s->groups);
	free(s->lines);
	free(s->scratch);
	free(s->instances);
	memset(s, 0, sizeof(*s));
}
