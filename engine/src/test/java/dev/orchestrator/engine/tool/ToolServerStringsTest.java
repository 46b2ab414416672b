package dev.orchestrator.engine.tool;

import static dev.orchestrator.engine.tool.ToolTable.handedOnAsNeverRan;
import static dev.orchestrator.engine.tool.ToolTable.heldOutAndRest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.tool.ToolTable.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolFailureClassifier} against the messages tools' own code writes when a call fails
 * ({@code tool-failures/server-strings.tsv}: MCP servers and agent frameworks' built-in tools),
 * each read as a non-idempotent call's failure. As for the reported failures, the held-out fifth is
 * the measure of how the wording generalises; floors keep both parts from sliding back, and a call
 * the code shows may have run is handed on as safe to retry only in the named few.
 */
class ToolServerStringsTest {

  private static final String SERVERS = "/tool-failures/server-strings.tsv";

  /**
   * The held-out fifth's share read as its kind when the floor was set (630 of 1,049; 106 of the
   * first four rounds' 303 on the classifier before any of them arrived, 33 of the fifth round's
   * 67, 43 of the sixth's 98, 45 of the seventh's 93, 30 of the eighth's 74, 74 of the ninth's 144,
   * 81 of the tenth's 149 and 70 of the eleventh's 121 on arrival), rounded down.
   */
  static final double HELD_OUT_FLOOR = 0.60;

  /**
   * The other four fifths' share when the floor was set (2,864 of 4,259; 374 of the first four
   * rounds' 1,214 before any of them, 122 of the fifth round's 259, 200 of the sixth's 375, 213 of
   * the seventh's 397, 146 of the eighth's 320, 270 of the ninth's 542, 312 of the tenth's 582 and
   * 337 of the eleventh's 570 on arrival).
   */
  static final double RULES_FLOOR = 0.67;

  /**
   * The calls that may have run and are read as never run (27 of 5,308), each read so by the
   * classifier before its round arrived: a launch of the tool's own work that failed, in the words
   * of a server that could not launch ("Failed to start research task", "Failed to launch Spotify",
   * "Failed launching app", "Failed to create WebDriver session", a sandbox that failed to start);
   * the tool's own onward call ("problem communicating with the Sentry API", a code runner's
   * "Service unavailable" and "Rate limit exceeded", a PubMed server's "NCBI was unreachable across
   * all retry attempts" twice); a shell command's "command not found"; a sampling request the
   * client did not offer ("-32601"); a browser closed under navigation; a memory store's upstream
   * rate limit ("Rate limited after 3 retries"), which the decision table hands on as a refused
   * call; a framework's feedback that "the requested tool or resource was not found", which names
   * the tool first; from the ninth round, "Failed to start research", a workflow tool's "Slack rate
   * limit exceeded" and an "Error executing tool read: Not found: trace with id …" whose "Not
   * found" comes first; from the eleventh, a payment server's "Service Unavailable", a docs
   * server's crates.io 429, an editor's "HTTP server unavailable or element not found" and a
   * code-mode executor's "Tool \"github_create_issue\" not found"; and five held-out rows, not read
   * (one of them the tenth round's, one the eleventh's). The bound keeps it from growing.
   */
  static final int HANDED_ON_AS_NEVER_RAN = 27;

  @Test
  void readsAtLeastTheFloorOfTheToolsOwnMessagesWithTheHeldOutFifthApart() {
    List<Row> rows = ToolTable.rows(SERVERS);
    assertThat(rows).hasSizeGreaterThanOrEqualTo(1500);
    assertThat(rows)
        .allSatisfy(
            r -> assertThat(r.source()).as(r.message()).containsPattern("^[\\w.-]+/[\\w.-]+:"));

    ToolTable.Shares shares = heldOutAndRest("tools' own messages", rows);

    assertThat(shares.heldOut()).isGreaterThanOrEqualTo(HELD_OUT_FLOOR);
    assertThat(shares.rest()).isGreaterThanOrEqualTo(RULES_FLOOR);
  }

  @Test
  void aCallThatMayHaveRunIsHandedOnAsSafeToRetryOnlyInTheBoundedFew() {
    assertThat(handedOnAsNeverRan("tools' own messages", ToolTable.rows(SERVERS)))
        .isLessThanOrEqualTo(HANDED_ON_AS_NEVER_RAN);
  }
}
