package dev.orchestrator.engine.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * {@link ToolFailureClassifier} against real tool failures ({@code tool-failures/corpus.tsv}: MCP
 * transports and servers, agents' shell tools, HTTP tool servers), each with its public source. A
 * message is the only evidence, as when an MCP client surfaces a server's error as text.
 */
class ToolFailureCorpusTest {

  private record Row(
      String id,
      boolean idempotent,
      Integer status,
      ToolFailureKind kind,
      String action,
      String source,
      String message) {}

  @Test
  void classifiesEveryRealToolFailureByItsMeaning() {
    List<Row> rows = rows();
    assertThat(rows).hasSizeGreaterThanOrEqualTo(20);
    SoftAssertions soft = new SoftAssertions();
    for (Row r : rows) {
      ToolDecision d = decide(r);
      soft.assertThat(d.observedKind()).as(r.id()).isEqualTo(r.kind());
      soft.assertThat(d.action().wireName()).as(r.id()).isEqualTo(r.action());
      soft.assertThat(r.source()).as(r.id()).containsPattern("https?://");
    }
    soft.assertAll();
  }

  @Test
  void failsClosedUnlessTheCallNeverRan() {
    for (Row r : rows()) {
      ToolDecision d = decide(r);
      boolean neverRan =
          d.observedKind() == ToolFailureKind.TOOL_UNAVAILABLE
              || d.observedKind() == ToolFailureKind.TOOL_NOT_FOUND;
      if (!r.idempotent() && !neverRan) {
        assertThat(d.action()).as(r.id()).isEqualTo(ToolAction.FAIL_CLOSED);
        assertThat(d.retrySafe()).as(r.id()).isFalse();
      }
    }
  }

  private static ToolDecision decide(Row r) {
    return ToolFailureClassifier.INSTANCE.classify(
        ToolFailureEvidence.of(r.idempotent()).withStatus(r.status()).withMessage(r.message()));
  }

  private static List<Row> rows() {
    return TsvTable.read("/tool-failures/corpus.tsv").stream()
        .map(
            f ->
                new Row(
                    f[0],
                    Boolean.parseBoolean(f[1]),
                    f[2].isEmpty() ? null : Integer.valueOf(f[2]),
                    ToolFailureKind.fromWireName(f[3]),
                    f[4],
                    f[5],
                    f[6].replace("\\n", "\n")))
        .toList();
  }
}
