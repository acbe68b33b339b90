/* bench solve as a user meets it: answers come as puzzles are typed into
 * a pipe (not only at the end of input), and long move strings come out
 * whole and replay to the goal. */
#include <criterion/criterion.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "algorithms/puzzles/domain.h"
#include "tests/support/support.h"

typedef struct child {
	pid_t pid;
	int in, out; /* its standard input and output */
} child;

static child start_solve(const char *domain)
{
	int to[2], from[2];
	child c;

	cr_assert_eq(pipe(to), 0);
	cr_assert_eq(pipe(from), 0);
	c.pid = fork();
	cr_assert_geq(c.pid, 0);
	if (!c.pid) {
		dup2(to[0], STDIN_FILENO);
		dup2(from[1], STDOUT_FILENO);
		close(to[0]), close(to[1]), close(from[0]), close(from[1]);
		execl(PB_BENCH, PB_BENCH, "solve", "--domain", domain, (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	c.in = to[1];
	c.out = from[0];
	return c;
}

/* One line from C's output within SECONDS, into LINE (without '\n'). */
static bool read_line(const child *c, char *line, size_t size, int seconds)
{
	size_t n = 0;

	while (n + 1 < size) {
		struct pollfd p = { .fd = c->out, .events = POLLIN };

		if (poll(&p, 1, seconds * 1000) != 1 || read(c->out, line + n, 1) != 1)
			return false;
		if (line[n] == '\n')
			break;
		n++;
	}
	line[n] = '\0';
	return true;
}

Test(solve, answers_come_while_the_input_is_still_open)
{
	const char *puzzles[] = { "1 2 3 x 4 6 7 5 8\n", "2 3 4 1 5 x 7 6 8\n", "1 2 3 4 5 6 8 7 x\n" };
	const char *answers[] = { "rdr", NULL, "unsolvable" };
	child c = start_solve("8puzzle");
	char line[128];
	int status;

	signal(SIGPIPE, SIG_IGN);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(write(c.in, puzzles[i], strlen(puzzles[i])), (ssize_t)strlen(puzzles[i]));
		cr_assert(read_line(&c, line, sizeof(line), 20),
			  "no answer to '%.17s' while standard input stays open", puzzles[i]);
		if (answers[i])
			cr_assert_str_eq(line, answers[i], "'%.17s'", puzzles[i]);
		else
			cr_assert_eq(strlen(line), 19, "'%.17s' takes 19 moves, not '%s'", puzzles[i], line);
	}
	close(c.in);
	cr_assert(!read_line(&c, line, sizeof(line), 20), "more output than answers: '%s'", line);
	cr_assert_eq(waitpid(c.pid, &status, 0), c.pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	close(c.out);
}

/* A 4x4 start some forty moves from the goal, made by a fixed walk: the
 * answer (over 32 letters, so more than two vectors of them) replays to
 * the goal and is no longer than the walk. */
/* A board of 25 cells: tiles of two digits in, a move string out that
 * replays to the goal. */
Test(solve, a_wide_board_is_answered)
{
	pb_domain d;
	pb_state s;
	char err[200], line[PB_MAX_PATH + 2];
	const char *text = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 x 20 21 22 23 19 24\n";
	pb_replay_result r;
	child c;

	cr_assert_eq(pb_domain_init(&d, "24puzzle", err, sizeof(err)), 0);
	cr_assert_eq(pb_parse(&d, text, strlen(text) - 1, &s, err, sizeof(err)), 0, "%s", err);
	c = start_solve("24puzzle");
	cr_assert_eq(write(c.in, text, strlen(text)), (ssize_t)strlen(text));
	close(c.in);
	cr_assert(read_line(&c, line, sizeof(line), 60), "no answer to '%s'", text);
	cr_assert_str_eq(line, "dr", "'%s' answered '%s'", text, line);
	pb_replay(&d, &s, line, strlen(line), &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL, "'%s': '%s' %s", text, line, pb_verdict_name(r.verdict));
	waitpid(c.pid, NULL, 0);
	close(c.out);
}

Test(solve, long_answers_come_out_whole)
{
	pb_domain d;
	pb_state s;
	char err[200], text[128], line[PB_MAX_PATH + 2];
	uint64_t x = 12345;
	int last = PB_MAX_MOVES, walked = 0;
	pb_replay_result r;
	child c;

	cr_assert_eq(pb_domain_init(&d, "15puzzle", err, sizeof(err)), 0);
	s = d.goal;
	while (walked < 44) {
		int m;

		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		m = (int)(x >> 62);
		if (last < PB_MAX_MOVES && m == d.inverse[last])
			continue;
		if (pb_apply(&d, &s, m, &s)) {
			last = m;
			walked++;
		}
	}
	pb_format(&d, &s, text, sizeof(text));
	strcat(text, "\n");
	c = start_solve("15puzzle");
	cr_assert_eq(write(c.in, text, strlen(text)), (ssize_t)strlen(text));
	close(c.in);
	cr_assert(read_line(&c, line, sizeof(line), 120), "no answer to '%s'", text);
	cr_assert_gt(strlen(line), 32, "'%s' answered in %zu moves: pick a longer walk", text,
		     strlen(line));
	cr_assert_leq(strlen(line), (size_t)walked, "'%s': %zu moves, longer than the walk", text,
		      strlen(line));
	pb_replay(&d, &s, line, strlen(line), &r);
	cr_assert_eq(r.verdict, PB_REACHES_GOAL, "'%s': '%s' %s", text, line, pb_verdict_name(r.verdict));
	waitpid(c.pid, NULL, 0);
	close(c.out);
}

/* A bad line gets 'invalid' in its place (answers stay in line with the
 * puzzles) and its message names the line; a 15-puzzle line on the
 * 8-puzzle is told by its count, with the domain that fits; the one-word
 * form is taken. */
Test(solve, bad_lines_keep_the_answers_in_line, .init = ht_suite_init, .fini = ht_suite_fini)
{
	char *out = NULL, *answers, path[PATH_MAX + 64];
	FILE *f, *p;
	int rc;

	snprintf(path, sizeof(path), "%s/in.txt", ht_dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("1 2 3 4 5 6 7 x 8\nbad\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x\n\n1234567x8\n", f);
	fclose(f);
	p = ht_bench_open("solve < '%s' 2> '%s.err'", path, path);
	cr_assert_not_null(p);
	answers = ht_read_all(p);
	rc = ht_bench_close(p);
	cr_assert_eq(rc, 2, "exit %d, want 2 (bad lines)", rc);
	cr_assert_str_eq(answers, "r\ninvalid\ninvalid\nr\n", "the answers: '%s'", answers);
	free(answers);
	strcat(path, ".err");
	out = ht_read(path);
	cr_assert_not_null(out);
	cr_assert(strstr(out, "line 2: unexpected 'bad'"), "%s", out);
	cr_assert(strstr(out, "line 3: 16 values where 9 are wanted (16 values make the 15puzzle: "
			      "--domain 15puzzle)"), "%s", out);
	cr_assert(!strstr(out, "line 5"), "the one-word form was refused: %s", out);
	free(out);
}

/* At a terminal, bench solve says that it waits for puzzles (script(1)
 * gives it one); from a pipe it says nothing. */
Test(solve, a_terminal_is_told_that_puzzles_are_awaited)
{
	char *out = NULL;
	int rc;
	char cmd[PATH_MAX + 128];
	FILE *p;

	if (system("command -v script >/dev/null 2>&1"))
		cr_skip_test("no script(1) here to make a terminal");
	snprintf(cmd, sizeof(cmd), "script -qec '%s solve < /dev/tty' /dev/null < /dev/null 2>&1",
		 PB_BENCH);
	p = popen(cmd, "r");
	cr_assert_not_null(p);
	out = ht_read_all(p);
	pclose(p);
	cr_assert(out && strstr(out, "waiting for 8puzzle puzzles, one a line"), "at a terminal: '%s'",
		  out ? out : "");
	free(out);
	rc = ht_bench(&out, "solve < /dev/null");
	cr_assert_eq(rc, 0);
	cr_assert_str_eq(out, "", "from a pipe: '%s'", out);
	free(out);
}

/* Minor page faults of "bench solve -d pancake12 -a astar --heuristic
 * gap-1" over COPIES copies of one stack, its answers thrown away. */
static long solve_faults(const char *stack, int copies)
{
	char path[] = "/tmp/pb-faults-XXXXXX";
	int fd = mkstemp(path), status;
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	struct rusage ru;
	pid_t pid;

	cr_assert_not_null(f);
	for (int i = 0; i < copies; i++)
		fprintf(f, "%s\n", stack);
	cr_assert_eq(fclose(f), 0);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (!pid) {
		if (!freopen(path, "r", stdin) || !freopen("/dev/null", "w", stdout))
			_exit(126);
		execl(PB_BENCH, PB_BENCH, "solve", "-d", "pancake12", "-a", "astar", "--heuristic",
		      "gap-1", (char *)NULL);
		_exit(127);
	}
	cr_assert_eq(wait4(pid, &status, 0, &ru), pid);
	unlink(path);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "bench solve: status %d", status);
	return ru.ru_minflt;
}

/* A solve does not fault in again the pages the solve before it freed:
 * this stack's A* holds about 190 KB, freed at its end, which glibc by
 * default hands back to the system (about 30 faults a solve). 400 solves
 * may fault little more than one. */
Test(solve, a_solve_reuses_the_memory_the_last_one_freed)
{
	const char *stack = "9 10 12 6 3 5 2 8 1 7 4 11";
	long one, many;

#ifdef __SANITIZE_ADDRESS__
	cr_skip_test("AddressSanitizer's allocator holds freed blocks back in quarantine: glibc's policy is not what runs");
#endif
	one = solve_faults(stack, 1);
	many = solve_faults(stack, 400);

	cr_assert_lt(many - one, 2 * 399, "%ld minor faults for 400 solves, %ld for one", many, one);
}
