/* The tiles heuristics (part of heuristic.h, read through table.h: include
 * that): their inline code, updated from the one tile a move slides (the
 * rest is in tiles.c and tiles_pdb.c).
 * - manhattan: the sum of the tiles' distances from their goal cells (any
 *   board).
 * - linear-conflict: Manhattan plus two moves for each tile that must leave
 *   its goal row or column to let another pass (Hansson, Mayer & Yung,
 *   Information Sciences 63, 1992): per line, the tiles in their goal line
 *   less the longest run of them already in goal order (any board).
 * - tiles-pdb: the sum of disjoint pattern databases (pdb.h), looked up as
 *   is and, when the goal is symmetric about the main diagonal, also
 *   reflected about it, taking the larger sum (Felner, Korf & Hanan 2004):
 *   pdb555, pdb663 and pdb78 on the 4x4 board, pdb6666 on the 5x5, and
 *   pdb:... on any board, the patterns given (partition.h).
 * Each keeps Manhattan distance (a single delta a move); linear conflicts
 * and the databases keep parts (pb_heur_parts) that a move updates. */
#ifndef PB_HEURISTIC_TILES_H
#define PB_HEURISTIC_TILES_H

/* Where the Manhattan delta of tile T, blank cell C and move M lies in
 * md_delta: rows of 16 cells on the one-word kernels (a shift), of 25 on
 * the others. */
PB_INLINE size_t pb_heur_delta_at(const pb_kernel k, unsigned t, int c, int m)
{
	const size_t row = pb_kernel_words(k) == 1 ? PB_RANK_MAX : PB_MAX_CELLS;

	return ((size_t)t * row + (size_t)c) * PB_SLIDE_MOVES + (size_t)m;
}

/* Bytes of md_delta a board of N cells uses (a search may copy them next
 * to its other tables). */
PB_INLINE size_t pb_heur_delta_bytes(const pb_kernel k, int n)
{
	return pb_heur_delta_at(k, (unsigned)n, 0, 0);
}

/* Tiles: the Manhattan distance of packed CELLS (kernel K). */
PB_INLINE unsigned pb_heur_manhattan(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	unsigned sum = 0;

	for (int c = 0; c < h->d->cells; c++)
		sum += h->md[pb_cell(k, cells, c)][c];
	return sum;
}

/* The bits of the fields of MASK in X, gathered low to high. */
PB_INLINE uint64_t pb_heur_gather(uint64_t x, uint64_t mask)
{
#ifdef __BMI2__
	return _pext_u64(x, mask);
#else
	uint64_t key = 0;

	for (int shift = 0; mask; mask &= mask - 1, shift++)
		key |= ((x >> __builtin_ctzll(mask)) & 1u) << shift;
	return key;
#endif
}

/* The tiles of line L of packed CELLS, in order along it, one field of the
 * kernel's bits each. Both halves of a wide state are gathered, the low
 * first: a cell split between them comes out whole. */
PB_INLINE uint64_t pb_heur_line_key(const pb_heur *h, const pb_kernel k, int l, pb_cells cells)
{
	pb_cells mask = h->line_mask[l];
	uint64_t low = pb_heur_gather((uint64_t)cells, (uint64_t)mask);

	if (pb_kernel_words(k) == 1)
		return low;
	return low | pb_heur_gather((uint64_t)(cells >> 64), (uint64_t)(mask >> 64))
			     << __builtin_popcountll((uint64_t)mask);
}

/* The conflicts of line L counted from its tiles KEY (BITS a tile), for
 * lines too long for a table. */
unsigned pb_heur_count_conflicts(const pb_heur *h, int l, uint64_t key, int bits);

/* Tiles that must leave line L of packed CELLS so that the rest can pass. */
PB_INLINE unsigned pb_heur_line_conflicts(const pb_heur *h, const pb_kernel k, int l,
					  pb_cells cells)
{
	uint64_t key = pb_heur_line_key(h, k, l, cells);

	return h->conflicts[l] ? h->conflicts[l][key]
			       : pb_heur_count_conflicts(h, l, key, pb_kernel_bits(k));
}

/* The linear conflicts (tiles to move aside) of packed CELLS, all lines. */
PB_INLINE unsigned pb_heur_all_conflicts(const pb_heur *h, const pb_kernel k, pb_cells cells)
{
	unsigned sum = 0;

	for (int l = 0; l < h->nlines; l++)
		sum += pb_heur_line_conflicts(h, k, l, cells);
	return sum;
}

/* Tiles pattern databases: the excess over Manhattan distance that
 * pattern Q's database holds for the tiles at cells WHERE[t], as is and in
 * the state reflected about the diagonal. */
PB_INLINE unsigned pb_heur_pattern_excess(const pb_heur *h, int q, const uint8_t *where)
{
	const pb_pdb *p = &h->pdb[q];

	return pb_pdb_excess(p, pb_pdb_rank(p, where, p->tiles, h->identity));
}

PB_INLINE unsigned pb_heur_mirror_excess(const pb_heur *h, int q, const uint8_t *where)
{
	const pb_pdb *p = &h->pdb[q];

	return pb_pdb_excess(p, pb_pdb_rank(p, where, h->mirror_tiles[q], h->mirror_cell));
}

/* Fill P for the tiles state CELLS (kernel K). */
PB_INLINE void pb_heur_parts_fill(const pb_heur *h, const pb_kernel k, pb_cells cells,
				  pb_heur_parts *p)
{
	memset(p, 0, sizeof(*p));
	p->md = pb_heur_manhattan(h, k, cells);
	if (h->info->kind == PB_HEUR_LINEAR_CONFLICT)
		p->lc = pb_heur_all_conflicts(h, k, cells);
	if (h->info->kind != PB_HEUR_TILES_PDB)
		return;
	for (int c = 0; c < h->d->cells; c++)
		p->where[pb_cell(k, cells, c)] = (uint8_t)c;
	for (int q = 0; q < h->npatterns; q++) {
		p->plain[q] = (uint8_t)pb_heur_pattern_excess(h, q, p->where);
		p->plain_sum += p->plain[q];
		if (h->mirror) {
			p->mirrored[q] = (uint8_t)pb_heur_mirror_excess(h, q, p->where);
			p->mirrored_sum += p->mirrored[q];
		}
	}
}

/* The value of a tiles heuristic of kind KIND from its sums: Manhattan
 * distance MD, the conflicts LC, the patterns' excesses PLAIN and MIRRORED
 * (the larger counts). */
PB_INLINE unsigned pb_heur_sums_value(const pb_heuristic_kind kind, unsigned md, unsigned lc,
				      unsigned plain, unsigned mirrored)
{
	switch (kind) {
	case PB_HEUR_MANHATTAN:
		return md;
	case PB_HEUR_LINEAR_CONFLICT:
		return md + 2 * lc;
	case PB_HEUR_TILES_PDB:
		return md + 2 * (plain > mirrored ? plain : mirrored);
	default:
		return 0;
	}
}

/* The heuristic's value from its parts (KIND the heuristic's kind). */
PB_INLINE unsigned pb_heur_parts_value(const pb_heur_parts *p, const pb_heuristic_kind kind)
{
	return pb_heur_sums_value(kind, p->md, p->lc, p->plain_sum, p->mirrored_sum);
}

/* The change to P, the parts of packed tiles CELLS, that the move of TILE
 * from cell FROM to the blank's cell TO makes, giving CHILD. P's where[]
 * is borrowed (TILE put at TO while the patterns are ranked) and given
 * back as it was. */
PB_INLINE void pb_heur_change_of(const pb_heur *h, const pb_kernel k,
				 const pb_heuristic_kind kind, pb_heur_parts *p, pb_cells cells,
				 pb_cells child, unsigned tile, int from, int to, pb_heur_change *c)
{
	c->md = p->md + h->md[tile][to] - h->md[tile][from];
	if (kind == PB_HEUR_LINEAR_CONFLICT) {
		int dir = from / h->d->width == to / h->d->width; /* sideways: columns */
		int a = h->line_of[from][dir], b = h->line_of[to][dir];

		c->lc = p->lc - pb_heur_line_conflicts(h, k, a, cells) -
			pb_heur_line_conflicts(h, k, b, cells) + pb_heur_line_conflicts(h, k, a, child) +
			pb_heur_line_conflicts(h, k, b, child);
	} else if (kind == PB_HEUR_TILES_PDB) {
		uint8_t was = p->where[tile];

		p->where[tile] = (uint8_t)to;
		c->q = h->pattern_of[tile];
		c->e = (uint8_t)pb_heur_pattern_excess(h, c->q, p->where);
		c->plain_sum = p->plain_sum - p->plain[c->q] + c->e;
		c->mirrored_sum = p->mirrored_sum;
		if (h->mirror) {
			c->mq = h->mirror_pattern_of[tile];
			c->me = (uint8_t)pb_heur_mirror_excess(h, c->mq, p->where);
			c->mirrored_sum = p->mirrored_sum - p->mirrored[c->mq] + c->me;
		}
		p->where[tile] = was;
	}
}

/* The heuristic's value after the change C. */
PB_INLINE unsigned pb_heur_change_value(const pb_heur_change *c, const pb_heuristic_kind kind)
{
	return pb_heur_sums_value(kind, c->md, c->lc, c->plain_sum, c->mirrored_sum);
}

/* Make P the parts after the change C, TILE now at cell TO. */
PB_INLINE void pb_heur_change_apply(const pb_heur *h, const pb_heuristic_kind kind,
				    pb_heur_parts *p, const pb_heur_change *c, unsigned tile, int to)
{
	p->md = c->md;
	if (kind == PB_HEUR_LINEAR_CONFLICT) {
		p->lc = c->lc;
	} else if (kind == PB_HEUR_TILES_PDB) {
		p->where[tile] = (uint8_t)to;
		p->plain_sum = c->plain_sum;
		p->plain[c->q] = c->e;
		if (h->mirror) {
			p->mirrored_sum = c->mirrored_sum;
			p->mirrored[c->mq] = c->me;
		}
	}
}

/* The steps (see pb_heur_step_with). Manhattan distance: the parent's
 * plus the delta of the tile that slid. */
PB_INLINE unsigned pb_heur_manhattan_step(const pb_heur *h, const int8_t *delta, const pb_kernel k,
					  pb_cells parent, int pcls, unsigned ph,
					  pb_heur_parts *pp, pb_cells child, int ccls, int m,
					  pb_heur_change *c)
{
	(void)h, (void)pp, (void)child, (void)c;
	return (unsigned)((int)ph + delta[pb_heur_delta_at(k, pb_cell(k, parent, ccls), pcls, m)]);
}

/* Linear conflicts and the databases: the change the tile that slid makes
 * to the parent's parts, valued. */
PB_INLINE unsigned pb_heur_linear_conflict_step(const pb_heur *h, const int8_t *delta,
						const pb_kernel k, pb_cells parent, int pcls,
						unsigned ph, pb_heur_parts *pp, pb_cells child,
						int ccls, int m, pb_heur_change *c)
{
	(void)delta, (void)ph, (void)m;
	pb_heur_change_of(h, k, PB_HEUR_LINEAR_CONFLICT, pp, parent, child, pb_cell(k, parent, ccls),
			  ccls, pcls, c);
	return pb_heur_change_value(c, PB_HEUR_LINEAR_CONFLICT);
}

PB_INLINE unsigned pb_heur_tiles_pdb_step(const pb_heur *h, const int8_t *delta, const pb_kernel k,
					  pb_cells parent, int pcls, unsigned ph,
					  pb_heur_parts *pp, pb_cells child, int ccls, int m,
					  pb_heur_change *c)
{
	(void)delta, (void)ph, (void)m;
	pb_heur_change_of(h, k, PB_HEUR_TILES_PDB, pp, parent, child, pb_cell(k, parent, ccls),
			  ccls, pcls, c);
	return pb_heur_change_value(c, PB_HEUR_TILES_PDB);
}

/* The child's parts: the parent's with the change applied (see
 * pb_heur_step_keep). */
PB_INLINE void pb_heur_linear_conflict_keep(const pb_heur *h, const pb_kernel k,
					    const pb_heur_parts *pp, pb_heur_parts *cp,
					    const pb_heur_change *c, pb_cells parent, int pcls,
					    int ccls)
{
	*cp = *pp;
	pb_heur_change_apply(h, PB_HEUR_LINEAR_CONFLICT, cp, c, pb_cell(k, parent, ccls), pcls);
}

PB_INLINE void pb_heur_tiles_pdb_keep(const pb_heur *h, const pb_kernel k, const pb_heur_parts *pp,
				      pb_heur_parts *cp, const pb_heur_change *c, pb_cells parent,
				      int pcls, int ccls)
{
	*cp = *pp;
	pb_heur_change_apply(h, PB_HEUR_TILES_PDB, cp, c, pb_cell(k, parent, ccls), pcls);
}

/* tiles.c: the tables of Manhattan distance into H (an init: the other
 * tiles heuristics start with it). */
pb_status pb_heur_manhattan_init(pb_heur *h, const pb_config *cfg, pb_search *s);

/* tiles.c: a tiles heuristic's value of S, from its parts filled afresh. */
unsigned pb_heur_tiles_value(const pb_heur *h, const pb_state *s);

/* tiles_pdb.c: the patterns of tiles pattern database heuristic INFO on
 * tiles board D (NAME: the name given, where INFO takes its patterns from
 * it, "pdb:...") as goal cell masks into CELLS[PB_MAX_PATTERNS]. Returns
 * how many, or -1 with why in WHY. */
int pb_heuristic_patterns(const pb_heuristic_info *info, const char *name, const pb_domain *d,
			  uint32_t *cells, char *why, size_t whylen);

#endif
