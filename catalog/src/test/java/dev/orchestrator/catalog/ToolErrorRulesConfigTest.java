package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.tool.ToolErrorRule;
import dev.orchestrator.engine.tool.ToolFailureKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code toolErrors:} section of an own catalog configuration (docs/reference.md, "User
 * tool-failure rules"): operator rules naming a tool failure's kind, read in order, each reporting
 * as {@code user:PATH:LINE} and each mistake reported at its file, line and field.
 */
class ToolErrorRulesConfigTest {

  @Test
  void readsEveryConditionAndKindInOrder() {
    Catalog c =
        CatalogLoader.parse(
            "tools.yaml",
            """
            toolErrors:
              - name: the desktop daemon is not running
                match:
                  tool: [desktop_type, Desktop_Click]
                  status: [503, "5xx"]
                  messageContains: ["No connectable ydotool socket", "守护进程未运行"]
                kind: tool_unavailable
              - match:
                  messageContains: " quota"
                kind: rate_limited
            """);

    List<ToolErrorRule> rules = c.toolErrorRules();
    assertThat(rules)
        .extracting(ToolErrorRule::id)
        .containsExactly("user:tools.yaml:2", "user:tools.yaml:8");
    ToolErrorRule first = rules.get(0);
    assertThat(first.name()).isEqualTo("the desktop daemon is not running");
    assertThat(first.tools()).containsExactly("desktop_type", "desktop_click");
    assertThat(first.statuses()).containsExactly("503", "5xx");
    assertThat(first.phrases()).containsExactly("no connectable ydotool socket", "守护进程未运行");
    assertThat(first.kind()).isEqualTo(ToolFailureKind.TOOL_UNAVAILABLE);
    // a phrase keeps its spaces
    assertThat(rules.get(1).phrases()).containsExactly(" quota");
    assertThat(rules.get(1).name()).isNull();
    // the provider rules are a separate list
    assertThat(c.errorRules()).isEmpty();
  }

  @Test
  void laterFilesAddTheirRulesAfterEarlierOnesBesideTheProviderRules() {
    Catalog c =
        CatalogLoader.parseAll(
            List.of(
                new CatalogLoader.Text(
                    "a.yaml",
                    "errors:\n  - {match: {status: 418}, category: unknown, retryable: false}\n"
                        + "toolErrors:\n  - {match: {tool: shell}, kind: execution_failed}\n"),
                new CatalogLoader.Text(
                    "b.yaml",
                    "toolErrors:\n  - {match: {status: 4xx}, kind: invalid_arguments}\n")),
            false);
    assertThat(c.toolErrorRules())
        .extracting(ToolErrorRule::id)
        .containsExactly("user:a.yaml:4", "user:b.yaml:2");
    assertThat(c.errorRules()).hasSize(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          kind not known          | match: {tool: x}\\n    kind: tool_unavailabel | tools.yaml:4:5: toolErrors[0].kind: "tool_unavailabel" is not a tool-failure kind (did you mean 'tool_unavailable'?)
          no kind                 | match: {tool: x} | tools.yaml:2:5: toolErrors[0]: the rule has no kind (expected: kind: a tool-failure kind)
          unknown condition key   | match: {mesageContains: x}\\n    kind: timeout | tools.yaml:3:13: toolErrors[0].match.mesageContains: unknown key 'mesageContains' (did you mean 'messageContains'?)
          a provider condition    | match: {provider: x}\\n    kind: timeout | tools.yaml:3:13: toolErrors[0].match.provider: unknown key 'provider'
          no condition            | match: {}\\n    kind: timeout | tools.yaml:3:5: toolErrors[0].match: no condition (expected: one or more of tool, status, messageContains)
          no match at all         | kind: timeout | tools.yaml:2:5: toolErrors[0]: the rule has no match
          status class unknown    | match: {status: [429, "6xx"]}\\n    kind: timeout | tools.yaml:3:27: toolErrors[0].match.status[1]: "6xx" is not an HTTP status
          a blank tool            | match: {tool: " "}\\n    kind: timeout | tools.yaml:3:13: toolErrors[0].match.tool: a blank entry (expected: tool names)
          an empty phrase list    | match: {messageContains: []}\\n    kind: timeout | tools.yaml:3:13: toolErrors[0].match.messageContains: an empty list (expected: one or more phrases of the message)
          an empty status list    | match: {tool: x, status: []}\\n    kind: timeout | tools.yaml:3:22: toolErrors[0].match.status: an empty list (expected: one or more HTTP statuses
          a provider verdict key  | match: {tool: x}\\n    category: timeout | tools.yaml:4:5: toolErrors[0].category: 'category' belongs to errors: rules; a tool-failure rule names a kind
          retryable is the table's | match: {tool: x}\\n    kind: timeout\\n    retryable: true | tools.yaml:5:5: toolErrors[0].retryable: 'retryable' belongs to errors: rules
          """)
  void reportsEachMistakeAtItsLineAndField(String what, String rule, String expected) {
    String yaml = "toolErrors:\n  - name: r\n    " + rule.replace("\\n", "\n") + "\n";
    assertThatThrownBy(() -> CatalogLoader.parse("tools.yaml", yaml))
        .as(what)
        .isInstanceOf(CatalogException.class)
        .hasMessageStartingWith(expected);
  }
}
