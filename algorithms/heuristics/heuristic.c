#include "heuristic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A table of conflicts per line for lines whose tiles pack into this many
 * bits (16^4 bytes: lines of four cells of four bits); longer lines count
 * them each time. */
#define TABLE_KEY_BITS 16

/* The distances, and their changes by each move of the blank. */
static void init_manhattan(pb_heur *h, const pb_domain *d)
{
	int w = d->width;

	for (int c = 0; c < d->cells; c++) {
		int t = d->goal_label[c];

		if (!t)
			continue;
		for (int x = 0; x < d->cells; x++)
			h->md[t][x] = (uint8_t)(abs(x / w - c / w) + abs(x % w - c % w));
	}
	for (int c = 0; c < d->cells; c++) {
		for (int m = 0; m < PB_SLIDE_MOVES && m < d->nmoves; m++) {
			int to = d->next_class[c][m];

			for (int t = 0; to >= 0 && t < d->cells; t++)
				PB_WITH_KERNEL(d, h->md_delta[pb_heur_delta_at(K, (unsigned)t, c, m)] =
							  (int8_t)(h->md[t][c] - h->md[t][to]));
		}
	}
}

/* The length of the longest increasing run (not necessarily contiguous)
 * of SEQ[0..n). */
static unsigned longest_increasing(const uint8_t *seq, int n)
{
	uint8_t best[PB_MAX_CELLS];
	unsigned longest = 0;

	for (int i = 0; i < n; i++) {
		best[i] = 1;
		for (int j = 0; j < i; j++)
			if (seq[j] < seq[i] && best[j] + 1 > best[i])
				best[i] = (uint8_t)(best[j] + 1);
		if (best[i] > longest)
			longest = best[i];
	}
	return longest;
}

unsigned pb_heur_count_conflicts(const pb_heur *h, int l, uint64_t key, int bits)
{
	int dir = l < h->d->height ? 0 : 1, n = 0;
	uint8_t seq[PB_MAX_CELLS];

	for (int j = 0; j < h->line_len[l]; j++) {
		unsigned t = (unsigned)(key >> (bits * j)) & ((1u << bits) - 1);

		/* values past the tiles come up only in keys no state has, as a
		 * table is filled */
		if (t && t < (unsigned)h->d->cells && h->goal_line[t][dir] == l)
			seq[n++] = h->goal_place[t][dir];
	}
	return (unsigned)n - longest_increasing(seq, n);
}

static pb_status init_conflicts(pb_heur *h, const pb_domain *d, pb_search *s)
{
	int w = d->width, rows = d->height, bits = 0;
	pb_cells field = 0;

	PB_WITH_KERNEL(d, bits = pb_kernel_bits(K));
	field = ((pb_cells)1 << bits) - 1;
	h->nlines = rows + w;
	for (int c = 0; c < d->cells; c++) {
		int row = c / w, col = c % w;
		unsigned t = d->goal_label[c];

		h->line_of[c][0] = (uint8_t)row;
		h->line_of[c][1] = (uint8_t)(rows + col);
		h->line_mask[row] |= field << (bits * c);
		h->line_mask[rows + col] |= field << (bits * c);
		h->line_len[row]++;
		h->line_len[rows + col]++;
		if (t) {
			h->goal_line[t][0] = (uint8_t)row;
			h->goal_line[t][1] = (uint8_t)(rows + col);
			h->goal_place[t][0] = (uint8_t)col;
			h->goal_place[t][1] = (uint8_t)row;
		}
	}
	for (int l = 0; l < h->nlines; l++) {
		uint32_t keys;

		if (bits * h->line_len[l] > TABLE_KEY_BITS)
			continue;
		keys = 1u << (bits * h->line_len[l]);
		h->conflicts[l] = pb_alloc(&s->meter, keys);
		if (!h->conflicts[l])
			return pb_search_alloc_failed(s);
		for (uint32_t key = 0; key < keys; key++)
			h->conflicts[l][key] = (uint8_t)pb_heur_count_conflicts(h, l, key, bits);
	}
	return PB_SOLVED;
}

/* Reflection about the main diagonal, where it maps the goal to itself:
 * a square board with the goal blank on the diagonal. The mirror of a
 * state S has at cell mirror(x) the tile whose goal cell is the mirror of
 * the goal cell of S's tile at x. */
static void init_mirror(pb_heur *h, const pb_domain *d)
{
	int w = d->width;
	uint8_t goal_cell[PB_MAX_CELLS], sigma[PB_MAX_CELLS];

	h->mirror = d->width == d->height && d->goal_blank / w == d->goal_blank % w;
	if (!h->mirror)
		return;
	for (int c = 0; c < d->cells; c++) {
		h->mirror_cell[c] = (uint8_t)((c % w) * w + c / w);
		goal_cell[d->goal_label[c]] = (uint8_t)c;
	}
	for (int t = 1; t < d->cells; t++)
		sigma[t] = d->goal_label[h->mirror_cell[goal_cell[t]]];
	for (int q = 0; q < h->npatterns; q++)
		for (int i = 0; i < h->pdb[q].ntiles; i++)
			h->mirror_tiles[q][i] = sigma[h->pdb[q].tiles[i]];
	for (int t = 1; t < d->cells; t++)
		h->mirror_pattern_of[t] = h->pattern_of[sigma[t]];
}

static pb_status init_tiles_pdb(pb_heur *h, const pb_domain *d, const pb_config *cfg,
				pb_search *s)
{
	const char *dir = pb_pdb_cache_dir(cfg ? cfg->cache_dir : NULL);
	uint32_t groups[PB_MAX_PATTERNS];
	int ngroups = pb_heuristic_patterns(h->info, cfg ? cfg->heuristic : NULL, d, groups,
					    s->message, sizeof(s->message));

	if (ngroups < 0)
		return PB_UNSUPPORTED;
	s->message[0] = '\0';
	for (int g = 0; g < ngroups; g++) {
		pb_pdb *p = &h->pdb[h->npatterns];
		bool built;
		pb_status st;

		if (pb_pdb_init(p, d->width, d->height, d->goal_blank, groups[g], d->goal_label)) {
			snprintf(s->message, sizeof(s->message), "no pattern database for pattern %d of '%s'",
				 g + 1, h->info->name);
			return PB_UNSUPPORTED;
		}
		st = pb_pdb_open(p, dir, s, &built);
		if (st != PB_SOLVED)
			return st;
		h->built += built;
		for (int i = 0; i < p->ntiles; i++)
			h->pattern_of[p->tiles[i]] = (uint8_t)h->npatterns;
		h->npatterns++;
	}
	if (!s->message[0] && h->built && h->built < h->npatterns)
		snprintf(s->message, sizeof(s->message),
			 "built and saved %d and loaded %d of %d pattern databases in '%.60s'", h->built,
			 h->npatterns - h->built, h->npatterns, dir);
	else if (!s->message[0])
		snprintf(s->message, sizeof(s->message), "%s %d pattern database%s in '%.100s'",
			 h->built ? "built and saved" : "loaded", h->npatterns,
			 h->npatterns == 1 ? "" : "s", dir);
	init_mirror(h, d);
	return PB_SOLVED;
}

/* Magic Squares: the placements of the pattern's values by breadth-first
 * search back from the goal (value v in cell v). An op puts in cell i what
 * cell op_source[i] held, so a value in cell c came from op_source[c]. */
static pb_status init_value_pdb(pb_value_pdb *v, const pb_domain *d, uint32_t values,
				pb_search *s)
{
	uint8_t pos[PB_MAX_CELLS], goal[PB_MAX_CELLS], cell[PB_MAX_CELLS];
	uint32_t *queue;
	size_t head = 0, tail = 0;

	v->nvalues = 0;
	for (int x = 0; x < d->cells; x++) {
		cell[x] = (uint8_t)x;
		if (values & (1u << x)) {
			goal[v->nvalues] = (uint8_t)x;
			v->values[v->nvalues++] = (uint8_t)x;
		}
	}
	v->entries = pb_placement_weights(d->cells, v->nvalues, v->weight);
	v->dist = pb_alloc(&s->meter, v->entries);
	queue = pb_alloc(&s->meter, v->entries * sizeof(*queue));
	if (!v->dist || !queue) {
		pb_free(queue);
		return pb_search_alloc_failed(s);
	}
	memset(v->dist, 0xff, v->entries);
	queue[tail] = (uint32_t)pb_placement_rank(v->nvalues, v->weight, goal, cell, cell);
	v->dist[queue[tail++]] = 0;
	while (head < tail) {
		uint32_t r = queue[head++];

		s->expanded++;
		pb_placement_unrank(d->cells, v->nvalues, v->weight, r, pos);
		for (int m = 0; m < d->nmoves; m++) {
			uint8_t prev[PB_MAX_CELLS];
			uint64_t q;

			for (int i = 0; i < v->nvalues; i++)
				prev[i] = d->op_source[m][pos[i]];
			q = pb_placement_rank(v->nvalues, v->weight, prev, cell, cell);
			s->generated++;
			if (v->dist[q] == UINT8_MAX) {
				v->dist[q] = (uint8_t)(v->dist[r] + 1);
				queue[tail++] = (uint32_t)q;
			}
		}
	}
	pb_free(queue);
	return PB_SOLVED;
}

pb_status pb_heur_init(pb_heur *h, const pb_heuristic_info *info, const pb_domain *d,
		       const pb_config *cfg, pb_search *s)
{
	pb_status st = PB_SOLVED;
	const char *why;

	memset(h, 0, sizeof(*h));
	h->info = info;
	h->d = d;
	why = pb_heuristic_supports(info, d, s->message, sizeof(s->message));
	if (why) {
		if (why != s->message)
			snprintf(s->message, sizeof(s->message), "'%s' %s", info->name, why);
		return PB_UNSUPPORTED;
	}
	for (int c = 0; c < PB_MAX_CELLS; c++)
		h->identity[c] = (uint8_t)c;
	if (d->board)
		init_manhattan(h, d);
	switch (info->kind) {
	case PB_HEUR_ZERO:
	case PB_HEUR_MANHATTAN:
		break;
	case PB_HEUR_LINEAR_CONFLICT:
		st = init_conflicts(h, d, s);
		break;
	case PB_HEUR_TILES_PDB:
		st = init_tiles_pdb(h, d, cfg, s);
		break;
	case PB_HEUR_MSQUARE_PDB:
		for (int g = 0; g < PB_MAX_PATTERNS && info->groups[g] && st == PB_SOLVED; g++)
			st = init_value_pdb(&h->value_pdb[h->nvalue_pdbs++], d, info->groups[g], s);
		break;
	case PB_HEUR_GAP:
		pb_heur_gap_init(h, d);
		break;
	case PB_HEUR_CUBE_PDB:
		st = pb_heur_cube_init(h, d, s);
		break;
	case PB_HEUR_PLUGIN:
		break;
	}
	if (st != PB_SOLVED)
		pb_heur_release(h);
	return st;
}

void pb_heur_release(pb_heur *h)
{
	for (int l = 0; l < PB_MAX_LINES; l++) {
		pb_free(h->conflicts[l]);
		h->conflicts[l] = NULL;
	}
	for (int q = 0; q < PB_MAX_PATTERNS; q++) {
		pb_pdb_release(&h->pdb[q]);
		pb_free(h->value_pdb[q].dist);
		h->value_pdb[q].dist = NULL;
	}
	h->npatterns = h->nvalue_pdbs = 0;
}

void pb_heur_parts_init(const pb_heur *h, pb_cells cells, pb_heur_parts *p)
{
	PB_WITH_KERNEL(h->d, pb_heur_parts_fill(h, K, cells, p));
}

unsigned pb_heur_value_pdbs(const pb_heur *h, uint64_t cells)
{
	uint8_t where[PB_MAX_CELLS];
	unsigned best = 0;

	for (int c = 0; c < h->d->cells; c++)
		where[pb_nibble(cells, c)] = (uint8_t)c;
	for (int q = 0; q < h->nvalue_pdbs; q++) {
		const pb_value_pdb *v = &h->value_pdb[q];
		unsigned x = v->dist[pb_placement_rank(v->nvalues, v->weight, where, v->values,
						       h->identity)];

		if (x > best)
			best = x;
	}
	return best;
}

unsigned pb_heur_value(const pb_heur *h, const pb_state *s)
{
	pb_heur_parts p;

	switch (h->info->kind) {
	case PB_HEUR_ZERO:
		return 0;
	case PB_HEUR_MANHATTAN:
	case PB_HEUR_LINEAR_CONFLICT:
	case PB_HEUR_TILES_PDB:
		pb_heur_parts_init(h, s->cells, &p);
		return pb_heur_parts_value(&p, h->info->kind);
	case PB_HEUR_MSQUARE_PDB:
		return pb_heur_value_pdbs(h, (uint64_t)s->cells);
	case PB_HEUR_GAP: {
		unsigned v = 0;

		PB_WITH_KERNEL(h->d, v = pb_heur_gaps(h, K, s->cells));
		return v;
	}
	case PB_HEUR_CUBE_PDB:
		return pb_heur_cube(h, (uint64_t)s->cells);
	case PB_HEUR_PLUGIN: {
		unsigned v = 0;

		PB_WITH_KERNEL(h->d, v = pb_kernel_generic(K) ? pb_heur_plugin(h, K, s->cells) : 0);
		return v;
	}
	}
	return 0;
}

const pb_heuristic_info *pb_heuristic_chosen(const pb_domain *d, const pb_config *cfg)
{
	if (cfg && cfg->heuristic)
		return pb_heuristic_find_for(cfg->heuristic, d);
	return pb_heuristic_default(d);
}

const char *pb_heuristic_supports_config(const pb_domain *d, const pb_config *cfg,
					 char *why, size_t whylen)
{
	const pb_heuristic_info *info = pb_heuristic_chosen(d, cfg);
	uint32_t groups[PB_MAX_PATTERNS];
	const char *r;

	if (!info)
		return pb_heuristic_check(cfg->heuristic, why, whylen);
	r = pb_heuristic_supports(info, d, why, whylen);
	if (!r && info->kind == PB_HEUR_TILES_PDB &&
	    pb_heuristic_patterns(info, cfg ? cfg->heuristic : NULL, d, groups, why, whylen) < 0)
		r = why;
	return r;
}
