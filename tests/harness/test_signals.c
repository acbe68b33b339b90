/* Signals and the files written whole (harness/engine/signals.c,
 * harness/io/outfile.c): a first signal while a command catches them is
 * a request (the file being written is finished), a second stops at once,
 * and a stop at once, caught or not, leaves no temporary file. Each case
 * runs in a child process, which the signals end, in a directory of its
 * own. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/engine/signals.h"
#include "harness/io/outfile.h"
#include "tests/support/support.h"

#define TEXT "{ \"format\": 1 }\n"

/* Files in DIR whose names hold ".tmp.". */
static int temporaries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	cr_assert_not_null(d);
	while ((e = readdir(d)))
		n += strstr(e->d_name, ".tmp.") != NULL;
	closedir(d);
	return n;
}

/* In a child: (CATCH: as bench run does) open DIR/out.json, write half,
 * take SIGNALS signals (SIGINT) with the file open, write the rest and
 * commit. Exits 0 when it got there with the flag set, 3 otherwise.
 * Returns the child's wait status. */
static int write_through_signals(const char *dir, bool catch, int signals)
{
	pid_t pid;
	int status;

	cr_assert_not_null(dir);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (!pid) {
		const volatile sig_atomic_t *flag = catch ? signals_catch() : NULL;
		char path[512], err[256];
		outfile f;

		snprintf(path, sizeof(path), "%s/out.json", dir);
		if (outfile_open(&f, path, err, sizeof(err)))
			_exit(3);
		fputs("{ \"format\"", f.fp);
		fflush(f.fp);
		for (int i = 0; i < signals; i++)
			raise(SIGINT);
		fputs(": 1 }\n", f.fp);
		if (outfile_commit(&f, err, sizeof(err)))
			_exit(3);
		_exit(flag && *flag == SIGINT ? 0 : 3);
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return status;
}

Test(signals, a_first_signal_lets_the_file_be_finished)
{
	char path[512], *text, *dir = ht_tempdir();
	int status = write_through_signals(dir, true, 1);

	cr_assert(WIFEXITED(status) && !WEXITSTATUS(status), "the writer did not finish: status %d",
		  status);
	snprintf(path, sizeof(path), "%s/out.json", dir);
	text = ht_read(path);
	cr_assert_not_null(text, "no %s", path);
	cr_assert_str_eq(text, TEXT);
	free(text);
	cr_assert_eq(temporaries(dir), 0);
	ht_remove(dir);
}

Test(signals, a_second_signal_stops_at_once_and_leaves_no_temporary_file)
{
	char path[512], *dir = ht_tempdir();
	int status = write_through_signals(dir, true, 2);

	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT,
		  "the second SIGINT did not end the writer: status %d", status);
	cr_assert_eq(temporaries(dir), 0, "a temporary file was left behind");
	snprintf(path, sizeof(path), "%s/out.json", dir);
	cr_assert_neq(access(path, F_OK), 0, "half a file under the final name");
	ht_remove(dir);
}

Test(signals, a_signal_to_a_command_that_does_not_catch_leaves_no_temporary_file)
{
	char *dir = ht_tempdir();
	int status = write_through_signals(dir, false, 1);

	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT, "status %d", status);
	cr_assert_eq(temporaries(dir), 0, "a temporary file was left behind");
	ht_remove(dir);
}

Test(signals, without_files_or_catching_the_default_action_is_back)
{
	struct sigaction sa;
	char path[512], err[256], *dir = ht_tempdir();
	outfile f;

	cr_assert_not_null(dir);
	snprintf(path, sizeof(path), "%s/x", dir);
	cr_assert_eq(outfile_open(&f, path, err, sizeof(err)), 0, "%s", err);
	sigaction(SIGINT, NULL, &sa);
	cr_assert_neq(sa.sa_handler, SIG_DFL, "no handler while a temporary file is open");
	outfile_abort(&f);
	sigaction(SIGINT, NULL, &sa);
	cr_assert_eq(sa.sa_handler, SIG_DFL, "a handler left after the file was done");
	signals_catch();
	signals_restore();
	sigaction(SIGINT, NULL, &sa);
	cr_assert_eq(sa.sa_handler, SIG_DFL, "a handler left after signals_restore");
	ht_remove(dir);
}

/* An output named as a pipe (as /dev/null or /dev/stdout are devices) is
 * written as it is: what is written comes out of it, and it is still a
 * pipe after the commit, not a file renamed over it (as one build did to
 * /dev/null, run as root with -o /dev/null). */
Test(signals, a_pipe_given_as_the_output_is_written_not_renamed_over)
{
	char dir[] = "/tmp/pb_outfile_XXXXXX", path[64], err[256], got[16] = "";
	struct stat st;
	outfile f;
	ssize_t n;
	int fd;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/fifo", dir);
	cr_assert_eq(mkfifo(path, 0600), 0);
	/* the reader first, without waiting for a writer */
	fd = open(path, O_RDONLY | O_NONBLOCK);
	cr_assert_geq(fd, 0);
	cr_assert_eq(outfile_open(&f, path, err, sizeof(err)), 0, "%s", err);
	fputs("a line\n", f.fp);
	cr_assert_eq(outfile_commit(&f, err, sizeof(err)), 0, "%s", err);
	n = read(fd, got, sizeof(got) - 1);
	close(fd);
	cr_assert_eq(n, 7, "read %zd bytes from the pipe", n);
	cr_assert_str_eq(got, "a line\n");
	cr_assert_eq(stat(path, &st), 0);
	cr_assert(S_ISFIFO(st.st_mode), "the pipe was replaced by a file");
	cr_assert_eq(temporaries(dir), 0);
	unlink(path);
	rmdir(dir);
}
