package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A call cancelled, or a command killed by a signal, in the words the runtimes that report it use:
 * an ambiguous outcome (docs/design.md §6: "as the words 'interrupted' or 'cancelled' are"; "a
 * command killed by a signal or interrupted is an ambiguous outcome"), for an idempotent call too.
 */
class KilledOrCancelledWordingTest {

  private static final ToolSpec SEARCH = ToolSpec.idempotent("search");
  private static final ToolSpec SHELL = ToolSpec.nonIdempotent("shell");

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Cancelled
          Tool call cancelled
          Operation canceled
          asyncio.exceptions.CancelledError
          KeyboardInterrupt
          Command was killed with SIGKILL (Forced termination): rm -rf build
          Command was killed with SIGTERM (Termination): npm test
          Command 'rm -rf build' died with <Signals.SIGKILL: 9>.
          Command '['make', 'deploy']' returned non-zero exit status -15.
          bash: line 1:  4242 Killed                  python train.py
          Segmentation fault (core dumped)
          Command failed with exit code 137
          Process exited with exit code 143
          """)
  void readsAsAnAmbiguousOutcome(String message) {
    for (ToolSpec spec : List.of(SEARCH, SHELL)) {
      ToolDecision d = ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), spec);

      assertThat(d.kind()).as("%s, %s", message, spec).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
      assertThat(d.action()).isEqualTo(ToolAction.FAIL_CLOSED);
    }
  }

  // An ordinary non-zero exit stays a tool that ran and failed.
  @Test
  void anOrdinaryExitCodeStaysExecutionFailed() {
    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(
            new RuntimeException("Command failed with exit code 1: npm test"), SEARCH);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.EXECUTION_FAILED);
  }

  // The last line Python prints for a real child killed by SIGKILL, and for a real asyncio task
  // cancelled while it ran: a tool host written in Python hands on exactly these.
  @Test
  void readsWhatARealPythonPrintsForAKilledChildAndACancelledTask() throws Exception {
    assumeTrue(Programs.onPath("python3"), "python3 is not installed");
    String killed =
        lastLine(
            "python3",
            "-c",
            "import subprocess; subprocess.run(['sh', '-c', 'kill -9 $$'], check=True)");
    String cancelled =
        lastLine(
            "python3",
            "-c",
            "import asyncio\n"
                + "async def main():\n"
                + "    t = asyncio.create_task(asyncio.Event().wait())\n"
                + "    await asyncio.sleep(0)\n"
                + "    t.cancel()\n"
                + "    await t\n"
                + "asyncio.run(main())");
    assertThat(killed).contains("SIGKILL");
    assertThat(cancelled).contains("CancelledError");

    for (String message : List.of(killed, cancelled)) {
      ToolDecision d =
          ToolFailureClassifier.INSTANCE.classify(new RuntimeException(message), SEARCH);
      assertThat(d.kind()).as(message).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
    }
  }

  // A real shell killed by SIGTERM exits 143, as Java's Process reports it.
  @Test
  void readsTheExitCodeOfARealShellKilledBySigterm() throws Exception {
    Process p = new ProcessBuilder("sh", "-c", "kill -TERM $$").start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(143);

    ToolDecision d =
        ToolFailureClassifier.INSTANCE.classify(
            new RuntimeException("Command exited with code " + p.exitValue()), SEARCH);

    assertThat(d.kind()).isEqualTo(ToolFailureKind.AMBIGUOUS_OUTCOME);
  }

  private static String lastLine(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    List<String> lines = out.strip().lines().toList();
    return lines.get(lines.size() - 1);
  }
}
