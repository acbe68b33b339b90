/* What bench analyze prints (analyze_int.h): the distributions of h* and
 * h, the summary of h against h*, the table of predicted and measured
 * nodes, and the thresholds of --thresholds. */
#include <inttypes.h>
#include <stdio.h>

#include "harness/cmd/analyze_int.h"

static void print_distributions(const analysis *a)
{
	const pb_kre_values *p = values_of(a);
	int hmax = joint_hmax(a), top = hmax > a->hstar_max ? hmax : a->hstar_max;
	bool space_column = a->o->dataset != NULL;

	if (space_column && p->hmax > top)
		top = p->hmax;
	printf("%5s %14s %14s", "value", a->o->dataset ? "h* (instances)" : "h* (states)",
	       a->o->dataset ? "h (instances)" : "h (states)");
	if (space_column)
		printf(" %16s", a->sampled ? "h (sample)" : "h (every state)");
	putchar('\n');
	for (int v = 0; v <= top; v++) {
		uint64_t hs = 0, hv = 0, sp = 0;

		for (int u = 0; u <= PB_KRE_MAX_VALUE && v <= a->hstar_max; u++)
			hs += joint_at(a, v, u);
		for (int k = 0; k <= a->hstar_max; k++)
			hv += joint_at(a, k, v);
		for (int c = 0; c < p->nclasses && v <= p->hmax; c++)
			sp += p->count[c][v];
		printf("%5d %14" PRIu64 " %14" PRIu64, v, hs, hv);
		if (space_column)
			printf(" %16" PRIu64, sp);
		putchar('\n');
	}
}

/* Mean h/h* over the cells with h* > 0, the count with h = h*, and
 * whether h <= h* everywhere. */
static void print_summary(const analysis *a)
{
	uint64_t total = 0, positive = 0, exact = 0, over = 0;
	double ratio = 0, mh = 0, mhs = 0;
	const char *by;
	char buf[64];

	for (int k = 0; k <= a->hstar_max; k++)
		for (int v = 0; v <= PB_KRE_MAX_VALUE; v++) {
			uint64_t n = joint_at(a, k, v);

			if (!n)
				continue;
			total += n;
			mh += (double)n * v;
			mhs += (double)n * k;
			exact += v == k ? n : 0;
			over += v > k ? n : 0;
			if (k > 0) {
				positive += n;
				ratio += (double)n * v / k;
			}
		}
	printf("%s, %s: %" PRIu64 " %s; mean h %.3f, mean h* %.3f; mean h/h* %.4f (over the %"
	       PRIu64 " with h* > 0); h = h* at %" PRIu64 " (%.2f%%); %s\n",
	       a->d->name, heuristic_name(a), total, a->o->dataset ? "instances" : "states",
	       total ? mh / (double)total : 0, total ? mhs / (double)total : 0,
	       positive ? ratio / (double)positive : 0, positive, exact,
	       total ? 100.0 * (double)exact / (double)total : 0,
	       over ? (snprintf(buf, sizeof(buf), "h > h* at %" PRIu64 ": not admissible", over), buf)
		    : "h <= h* everywhere");
	by = a->d->nclasses > 1 ? (a->d->board ? ", by the blank's cell" : ", by class") : "";
	if (a->sampled)
		printf("P, the distribution of h: a uniform sample of %" PRIu64 " states (seed %"
		       PRIu64 ")%s\n", a->sample->states, a->o->seed, by);
	else
		printf("P, the distribution of h: every state (%" PRIu64 ")%s%s\n",
		       a->space.values.states, by,
		       a->dist_ns ? "" : "; h* from the dataset's references");
	if (a->dist_ns)
		printf("time: %.2f s for the distances (breadth-first search), ", (double)a->dist_ns / 1e9);
	if (a->sweep_ns)
		printf("%s%.2f s for h over every state\n", a->dist_ns ? "" : "time: ",
		       (double)a->sweep_ns / 1e9);
}

/* NUMBER in a column of WIDTH, or '-' where there is none. */
static void print_number(double v, bool has, int width)
{
	if (!has)
		printf(" %*s", width, "-");
	else if (v < 1e6)
		printf(" %*.1f", width, v);
	else
		printf(" %*.4g", width, v);
}

static void print_ratio(double num, bool has, double den)
{
	if (!has || den <= 0)
		printf(" %7s", "-");
	else
		printf(" %7.3g", num / den);
}

static void print_table(const analysis *a)
{
	double pred = 0, meas = 0, comp = 0, pred_m = 0, pred_c = 0;
	size_t nm = 0, nc = 0;

	printf("IDA* with %s: nodes expanded, predicted (Korf, Reid & Edelkamp, thresholds h, "
	       "h+%d, ... h*, the last whole) and measured (idastar, stopping at the goal)%s\n",
	       heuristic_name(a), a->step, a->o->complete ? "; complete: the iterations run to "
							     "their ends" : "");
	printf("%-10s %4s %10s %6s %8s %12s %12s %7s", a->o->dataset ? "instance" : "h*",
	       "h*", a->o->dataset ? "" : "states", a->o->dataset ? "" : "starts", "mean h",
	       "predicted", "measured", "ratio");
	if (a->o->complete)
		printf(" %12s %7s", "complete", "ratio");
	putchar('\n');
	for (size_t i = 0; i < a->nrows; i++) {
		const analyze_row *r = &a->rows[i];

		if (!r->n)
			continue;
		printf("%-10s %4d", r->name, r->hstar);
		if (a->o->dataset)
			printf(" %10s %6s", "", "");
		else
			printf(" %10" PRIu64 " %6zu", r->states, r->n);
		printf(" %8.2f", r->h);
		print_number(r->predicted, true, 12);
		print_number(r->measured, r->measured_n > 0, 12);
		print_ratio(r->measured, r->measured_n > 0, r->predicted);
		if (a->o->complete) {
			print_number(r->complete, r->complete_n > 0, 12);
			print_ratio(r->complete, r->complete_n > 0, r->predicted);
		}
		putchar('\n');
	}
	for (size_t i = 0; i < a->nstarts; i++) {
		const analyze_start *s = &a->starts[i];

		pred += s->predicted;
		if (s->has_measured) {
			meas += (double)s->measured;
			pred_m += s->predicted;
			nm++;
		}
		if (s->has_complete) {
			comp += (double)s->complete;
			pred_c += s->predicted;
			nc++;
		}
	}
	printf("all %zu starts: predicted %.4g", a->nstarts, pred);
	if (nm)
		printf("; the %zu measured: predicted %.4g, measured %.4g (ratio %.3g)", nm, pred_m,
		       meas, pred_m > 0 ? meas / pred_m : 0);
	if (nc)
		printf("; complete %.4g (ratio %.3g)", comp, pred_c > 0 ? comp / pred_c : 0);
	putchar('\n');
}

static void print_thresholds(const analysis *a)
{
	if (!a->nthresholds)
		return;
	printf("IDA*'s iterations at fixed thresholds, each run to its end: the mean over %" PRIu64
	       " uniformly random starts against the formula's E at their classes (exact on "
	       "average)\n", a->o->random);
	printf("%9s %7s %12s %12s %7s\n", "threshold", "starts", "predicted", "measured", "ratio");
	for (size_t j = 0; j < a->nthresholds; j++) {
		const analyze_threshold *t = &a->thresholds[j];
		double n = t->n ? (double)t->n : 1;

		printf("%9d %7zu", t->threshold, t->n);
		print_number(t->predicted / n, t->n > 0, 12);
		print_number(t->measured / n, t->n > 0, 12);
		print_ratio(t->measured, t->n > 0, t->predicted);
		putchar('\n');
	}
}

void analyze_print(const analysis *a)
{
	if (!a->o->quiet)
		print_distributions(a);
	print_summary(a);
	print_table(a);
	print_thresholds(a);
}
