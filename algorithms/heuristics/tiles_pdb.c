/* The tiles pattern databases (see tiles.h): the patterns of a named
 * heuristic or of a partition given by name, their databases loaded or
 * built (pdb.h), and the reflection about the diagonal. */
#include "heuristic.h"

#include <stdio.h>
#include <string.h>

/* Whether NAME names a partition ("pdb:..."). */
static bool is_partition(const char *name)
{
	return !strncmp(name, PB_PARTITION_PREFIX, strlen(PB_PARTITION_PREFIX));
}

/* The named heuristic that takes its patterns from its name: a tiles
 * database on any board with no groups of its own. */
static const pb_heuristic_info *partition_entry(void)
{
	for (size_t i = 0; i < pb_heuristic_count; i++) {
		const pb_heuristic_info *info = &pb_heuristics[i];

		if (info->kind == PB_HEUR_TILES_PDB && !info->width && !info->groups[0])
			return info;
	}
	return NULL;
}

static const pb_heuristic_info *pdb_find(const char *name)
{
	return is_partition(name) ? partition_entry() : NULL;
}

static const char *pdb_check(const char *name, char *why, size_t whylen)
{
	pb_partition part;
	char err[120];

	if (!pb_partition_parse(name + strlen(PB_PARTITION_PREFIX), &part, err, sizeof(err)))
		return NULL;
	snprintf(why, whylen, "heuristic '%.60s': %s", name, err);
	return why;
}

/* The board: any, or the one the heuristic's groups are drawn on. */
static const char *pdb_supports(const pb_heuristic_info *info, const pb_domain *d, char *why,
				size_t whylen)
{
	if (!info->width || (d->width == info->width && d->height == info->height))
		return NULL;
	if (why && whylen)
		snprintf(why, whylen, "'%s' is defined on the %dx%d board only", info->name,
			 info->width, info->height);
	return why && whylen ? why : "defined on another board";
}

/* The cell mask M turned half a turn on a board of N cells. */
static uint32_t turn_half(uint32_t m, int n)
{
	uint32_t t = 0;

	for (int c = 0; c < n; c++)
		if (m & (1u << c))
			t |= 1u << (n - 1 - c);
	return t;
}

/* The goal cell of the tile the user numbers V on D, or -1 when D has no
 * such tile. */
static int goal_cell_of(const pb_domain *d, unsigned v)
{
	for (int c = 0; c < d->cells; c++)
		if (c != d->goal_blank && d->unlabel[d->goal_label[c]] == v)
			return c;
	return -1;
}

/* The goal cells of PART's patterns on D into CELLS. Returns the count, or
 * -1 with why in WHY. */
static int partition_cells(const pb_partition *part, const pb_domain *d, uint32_t *cells,
			   char *why, size_t whylen)
{
	if (part->largest >= d->cells) {
		snprintf(why, whylen, "tile %d is not on the %dx%d board (tiles 1-%d)", part->largest,
			 d->width, d->height, d->cells - 1);
		return -1;
	}
	for (int q = 0; q < part->count; q++) {
		cells[q] = 0;
		for (uint32_t t = part->tiles[q]; t; t &= t - 1)
			cells[q] |= 1u << goal_cell_of(d, (unsigned)__builtin_ctz(t));
	}
	return part->count;
}

int pb_heuristic_patterns(const pb_heuristic_info *info, const char *name, const pb_domain *d,
			  uint32_t *cells, char *why, size_t whylen)
{
	bool turn = d->goal_blank >= d->cells / 2;
	pb_partition part;
	char err[120];
	int n = 0;

	if (!info->groups[0]) {
		/* the patterns its name gives */
		if (!name || !is_partition(name))
			name = info->name;
		if (pb_partition_parse(name + strlen(PB_PARTITION_PREFIX), &part, err, sizeof(err)) ||
		    partition_cells(&part, d, cells, err, sizeof(err)) < 0) {
			snprintf(why, whylen, "heuristic '%.60s': %s", name, err);
			return -1;
		}
		return part.count;
	}
	/* a group holding only the goal blank has no tiles */
	for (int g = 0; g < PB_MAX_PATTERNS && info->groups[g]; g++) {
		uint32_t m = turn ? turn_half(info->groups[g], d->cells) : info->groups[g];

		m &= ~(1u << d->goal_blank);
		if (!m)
			continue;
		if (__builtin_popcount(m) > PB_PDB_MAX_TILES) {
			snprintf(why, whylen, "a pattern of '%s' has more than %d tiles", info->name,
				 PB_PDB_MAX_TILES);
			return -1;
		}
		cells[n++] = m;
	}
	return n;
}

static const char *pdb_fits(const pb_heuristic_info *info, const pb_domain *d,
			    const pb_config *cfg, char *why, size_t whylen)
{
	uint32_t groups[PB_MAX_PATTERNS];

	return pb_heuristic_patterns(info, cfg ? cfg->heuristic : NULL, d, groups, why, whylen) < 0
		       ? why
		       : NULL;
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

static pb_status pdb_init(pb_heur *h, const pb_config *cfg, pb_search *s)
{
	const pb_domain *d = h->d;
	const char *dir = pb_pdb_cache_dir(cfg ? cfg->cache_dir : NULL);
	uint32_t groups[PB_MAX_PATTERNS];
	int ngroups = pb_heuristic_patterns(h->info, cfg ? cfg->heuristic : NULL, d, groups,
					    s->message, sizeof(s->message));

	if (ngroups < 0)
		return PB_UNSUPPORTED;
	pb_heur_manhattan_init(h, cfg, s);
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

static void pdb_release(pb_heur *h)
{
	for (int q = 0; q < PB_MAX_PATTERNS; q++)
		pb_pdb_release(&h->pdb[q]);
	h->npatterns = 0;
}

const pb_heuristic_ops pb_heur_tiles_pdb_ops = {
	.refusal = "serves sliding tiles only",
	.supports = pdb_supports,
	.fits = pdb_fits,
	.find = pdb_find,
	.check = pdb_check,
	.init = pdb_init,
	.release = pdb_release,
	.value = pb_heur_tiles_value,
	.parity = true,
};
