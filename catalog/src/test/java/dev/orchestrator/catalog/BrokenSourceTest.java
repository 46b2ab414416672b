package dev.orchestrator.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BrokenSourceTest {
  @TempDir Path dir;

  private static CatalogException parseFails(String name, String text) {
    return catchThrowableOfType(CatalogException.class, () -> CatalogLoader.parse(name, text));
  }

  @Test
  void malformedJsonReportsLineAndColumn() {
    CatalogException e = parseFails("bad.json", "{\n  \"routes\": {\n    \"a/m\": {,}\n  }\n}\n");
    assertThat(e.source()).isEqualTo("bad.json");
    assertThat(e.line()).isEqualTo(3);
    assertThat(e.column()).isEqualTo(13);
    assertThat(e.field()).isNull();
    assertThat(e.getMessage())
        .isEqualTo(
            "bad.json:3:13: invalid JSON: Unexpected character (','): was expecting double-quote"
                + " to start field name");
  }

  // A truncated download ends inside an open list: the message names where that list opened
  // instead of breaking off at the reader's own "(start marker".
  @Test
  void aTruncatedJsonFileNamesWhereTheUnclosedListStarts() {
    CatalogException e = parseFails("or.json", "{\"data\": [\n  {\"id\": \"a/m\"}\n");
    assertThat(e.line()).isEqualTo(3);
    assertThat(e.getMessage())
        .isEqualTo(
            "or.json:3:1: invalid JSON: Unexpected end-of-input: expected close marker for Array"
                + " (start marker at line 1, column 10)");
  }

  @Test
  void malformedYamlSaysWhatWasExpectedWhere() {
    CatalogException e = parseFails("bad.yaml", "routes:\n  a/m: {tier: free\n");
    assertThat(e.line()).isEqualTo(2);
    assertThat(e.getMessage())
        .isEqualTo(
            "bad.yaml:2:19: invalid YAML: expected ',' or '}', but got <stream end> (while parsing"
                + " a flow mapping that starts at line 2, column 8)");
  }

  @Test
  void aTabInYamlIndentationIsReportedWhereTheTabIs() {
    CatalogException e =
        parseFails(
            "tabs.yaml",
            "providers:\n  loc:\n    baseUrl: http://127.0.0.1:1/v1\n\tprotocol: openai-chat\n");
    assertThat(e.getMessage())
        .isEqualTo(
            "tabs.yaml:4:1: invalid YAML: a tab in the indentation (YAML indents with spaces"
                + " only)");
  }

  @Test
  void malformedJsonNeverLeaksParserInternals() {
    CatalogException e = parseFails("bad.json", "{\"a\": tru}");
    assertThat(e.getMessage())
        .startsWith("bad.json:1:")
        .doesNotContain("Source:")
        .doesNotContain("REDACTED")
        .doesNotContain("(code ")
        .doesNotContain("StreamReadFeature");
  }

  @Test
  void wrongTypeInOwnConfigNamesFieldPositionValueAndExpectation() {
    String yaml =
        "providers:\n"
            + "  a: {baseUrl: https://a.test/v1}\n"
            + "routes:\n"
            + "  a/m:\n"
            + "    contextWindow: abc\n";
    CatalogException e = parseFails("catalog.yaml", yaml);
    assertThat(e.field()).isEqualTo("routes[\"a/m\"].contextWindow");
    assertThat(e.line()).isEqualTo(5);
    assertThat(e.column()).isEqualTo(5);
    assertThat(e.getMessage())
        .isEqualTo(
            "catalog.yaml:5:5: routes[\"a/m\"].contextWindow: \"abc\" is not a number"
                + " (expected: a positive integer)");
  }

  @Test
  void wrongTypeInModelsDevNamesTheDottedPath() {
    String json =
        "{\"302ai\": {\"name\": \"302.AI\", \"env\": [\"KEY_302\"], \"npm\": \"x\",\n"
            + " \"models\": {\"MiniMax-M1\": {\"name\": \"MiniMax-M1\",\n"
            + "   \"cost\": {\"input\": \"cheap\", \"output\": 1}}}}}";
    CatalogException e = parseFails("api.json", json);
    assertThat(e.field()).isEqualTo("302ai.models.MiniMax-M1.cost.input");
    assertThat(e.line()).isEqualTo(3);
    assertThat(e.getMessage())
        .contains("\"cheap\" is not a number (expected: a price in USD per million tokens)");
  }

  @Test
  void wrongTypeInOpenRouterListNamesTheIndex() {
    CatalogException e =
        parseFails("or.json", "{\"data\": [{\"id\": \"a/b\", \"context_length\": \"big\"}]}");
    assertThat(e.field()).isEqualTo("data[0].context_length");
    assertThat(e.line()).isEqualTo(1);
  }

  @Test
  void unknownKeyIsRejectedWithASuggestion() {
    CatalogException e =
        parseFails(
            "c.yaml",
            "providers:\n  a: {baseUrl: https://a.test/v1}\nroutes:\n  a/m:\n    contextWindw: 5\n");
    assertThat(e.field()).isEqualTo("routes[\"a/m\"].contextWindw");
    assertThat(e.line()).isEqualTo(5);
    assertThat(e.getMessage())
        .contains("unknown key 'contextWindw'")
        .contains("did you mean 'contextWindow'?");
  }

  @Test
  void unknownTopLevelKeyIsRejected() {
    CatalogException e = parseFails("c.yaml", "routes: {}\npoolz: {}\n");
    assertThat(e.field()).isEqualTo("poolz");
    assertThat(e.getMessage()).contains("unknown key 'poolz'").contains("'pools'");
  }

  @Test
  void poolReferencingAnUnknownRouteNamesThePoolAndTheRoute() {
    String yaml =
        "providers:\n  a: {baseUrl: https://a.test/v1}\n"
            + "routes:\n  a/m: {tier: free}\n"
            + "pools:\n  mix:\n    kind: virtual\n    routes: [a/m, a/missing]\n";
    CatalogException e = parseFails("c.yaml", yaml);
    assertThat(e.field()).isEqualTo("pools.mix.routes[1]");
    assertThat(e.line()).isEqualTo(8);
    assertThat(e.getMessage()).contains("pool 'mix' references unknown route 'a/missing'");
  }

  @Test
  void routeOfAnUndefinedProviderIsRejected() {
    CatalogException e = parseFails("c.yaml", "routes:\n  nope/m: {tier: free}\n");
    assertThat(e.field()).isEqualTo("routes[\"nope/m\"]");
    assertThat(e.getMessage()).contains("provider 'nope' is not defined");
  }

  @Test
  void freeTierContradictedByAPriceIsRejected() {
    CatalogException e =
        parseFails(
            "c.yaml", "providers:\n  a: {}\nroutes:\n  a/m: {tier: free, inputPerMtok: 0.2}\n");
    assertThat(e.field()).isEqualTo("routes[\"a/m\"].inputPerMtok");
    assertThat(e.getMessage()).contains("contradicts tier: free");
  }

  @Test
  void negativePriceAndBadEnumsInOwnConfigAreRejected() {
    assertThat(parseFails("c.yaml", "providers:\n  a: {}\nroutes:\n  a/m: {outputPerMtok: -1}\n"))
        .hasMessageContaining("-1 is negative");
    assertThat(parseFails("c.yaml", "providers:\n  a: {}\nroutes:\n  a/m: {tier: cheap}\n"))
        .hasMessageContaining("\"cheap\" is not a tier (expected: free or priced)");
    assertThat(parseFails("c.yaml", "providers:\n  a: {protocol: grpc}\n"))
        .hasMessageContaining("(expected: openai-chat or anthropic-messages)");
    assertThat(
            parseFails(
                "c.yaml", "providers:\n  a: {}\nroutes:\n  a/m: {capabilities: [telepathy]}\n"))
        .hasMessageContaining(
            "\"telepathy\" is not a capability (expected one of: tools, vision, json, reasoning,"
                + " prefill, pdf, audio, video)");
    assertThat(parseFails("c.yaml", "extends: production\n"))
        .hasMessageContaining("(expected: default)");
  }

  @Test
  void secretsPastedIntoConfigAreNotEchoed() {
    CatalogException key =
        parseFails("c.yaml", "providers:\n  a: {apiKeyEnv: [sk-live-1234567890abcdef]}\n");
    assertThat(key.getMessage())
        .doesNotContain("sk-live")
        .contains("not an environment variable name");
    CatalogException header =
        parseFails("c.yaml", "providers:\n  a: {headers: {Authorization: Bearer sk-live-123}}\n");
    assertThat(header.getMessage())
        .doesNotContain("sk-live")
        .contains("header 'Authorization' would carry a credential");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          http://user:sk-live-pw@127.0.0.1:9/v1       | carries a user and password
          https://sk-live-token@api.example.com/v1    | carries a user and password
          https://api.example.com/v1?api_key=sk-live1 | has a query or fragment
          https://api.example.com/v1#key=sk-live1     | has a query or fragment
          http://sk-live@ host/v1                     | is not a URL
          ftp://host/v1?sk-live                       | has a query or fragment
          """)
  void aCredentialInABaseUrlIsRefusedAndNotEchoed(String url, String message) {
    CatalogException e = parseFails("c.yaml", "providers:\n  a:\n    baseUrl: '" + url + "'\n");

    assertThat(e.getMessage()).doesNotContain("sk-live").contains(message);
    assertThat(e.line()).isEqualTo(3);
    assertThat(e.field()).isEqualTo("providers.a.baseUrl");
  }

  @Test
  void nonObjectOrEmptyDocumentsAreRejected() {
    assertThat(parseFails("x.json", "[1, 2]")).hasMessageContaining("is not a catalog");
    assertThat(parseFails("x.yaml", "   \n")).hasMessageContaining("empty document");
    assertThat(parseFails("x.yaml", "just a string\n")).hasMessageContaining("is not a catalog");
  }

  @Test
  void duplicateKeysAreRejected() {
    assertThat(parseFails("d.json", "{\"routes\": {}, \"routes\": {}}"))
        .hasMessageContaining("Duplicate field 'routes'");
    CatalogException yaml = parseFails("d.yaml", "providers: {}\nroutes: {}\nroutes: {}\n");
    assertThat(yaml.line()).isEqualTo(3);
    assertThat(yaml).hasMessageContaining("Duplicate field 'routes'");
  }

  @Test
  void missingOrUnreadableFileIsACatalogExceptionNamingIt() throws IOException {
    Path missing = dir.resolve("nope.yaml");
    CatalogException e =
        catchThrowableOfType(CatalogException.class, () -> CatalogLoader.load(List.of(missing)));
    assertThat(e.source()).isEqualTo(missing.toString());
    assertThat(e).hasMessage(missing + ": no such file");
    Path binary = Files.write(dir.resolve("bin.json"), new byte[] {(byte) 0xC3, (byte) 0x28});
    assertThat(
            catchThrowableOfType(CatalogException.class, () -> CatalogLoader.load(List.of(binary))))
        .hasMessageContaining("not UTF-8");
    assertThat(catchThrowableOfType(CatalogException.class, () -> CatalogLoader.load(List.of(dir))))
        .hasMessageContaining("is a directory");
  }

  @Test
  void aBrokenFileRejectsTheWholeLoad() throws IOException {
    Path good =
        Files.writeString(dir.resolve("good.yaml"), "providers:\n  a: {}\nroutes:\n  a/m: {}\n");
    Path bad = Files.writeString(dir.resolve("bad.yaml"), "routes:\n  a/m: {contextWindow: 0}\n");
    CatalogException e =
        catchThrowableOfType(CatalogException.class, () -> CatalogLoader.load(List.of(good, bad)));
    assertThat(e.source()).isEqualTo(bad.toString());
    assertThat(e).hasMessageContaining("(expected: a positive integer");
  }

  @Test
  void treeErrorsCarryTheFieldPathButNoPosition() throws IOException {
    var tree =
        new ObjectMapper()
            .readTree("{\"p\": {\"models\": {\"m\": {\"limit\": {\"context\": -5}}}}}");
    CatalogException e =
        catchThrowableOfType(
            CatalogException.class, () -> CatalogLoader.fromJsonTree("scenario.catalog", tree));
    assertThat(e.line()).isZero();
    assertThat(e.field()).isEqualTo("p.models.m.limit.context");
    assertThat(e.getMessage())
        .startsWith("scenario.catalog: p.models.m.limit.context: -5 is out of range");
  }
}
