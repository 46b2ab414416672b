package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Pool;
import dev.orchestrator.engine.catalog.PoolKind;
import dev.orchestrator.engine.testing.Catalogs;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TokensFileTest {
  @TempDir Path dir;

  private Path file(String text) throws Exception {
    Path p = dir.resolve("tokens.yaml");
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void readsNamesDigestsBudgetsAndAllowLists() throws Exception {
    String hex = HexFormat.of().formatHex(ClientToken.sha256("s3cret-b"));
    List<ClientToken> tokens =
        TokensFile.read(
            file(
                """
                tokens:
                  - name: team-a
                    token: "s3cret-a"
                    budgetUsdPerDay: 5.00
                    models: ["orchestrator/*", "my-group"]
                  - name: team-b
                    sha256: "%s"
                    budgetUsdPerMonth: 100
                """
                    .formatted(hex.toUpperCase(java.util.Locale.ROOT))));

    assertThat(tokens).extracting(ClientToken::name).containsExactly("team-a", "team-b");
    ClientToken a = tokens.get(0);
    assertThat(a.matches(ClientToken.sha256("s3cret-a"))).isTrue();
    assertThat(a.budgetUsdPerDay()).isEqualByComparingTo("5");
    assertThat(a.budgetUsdPerMonth()).isNull();
    assertThat(a.allows("orchestrator/free")).isTrue();
    assertThat(a.allows("my-group")).isTrue();
    assertThat(a.allows("openai/gpt-5")).isFalse();
    ClientToken b = tokens.get(1);
    assertThat(b.matches(ClientToken.sha256("s3cret-b"))).isTrue();
    assertThat(b.budgetUsdPerMonth()).isEqualTo(new BigDecimal("100"));
    assertThat(b.allows("anything/at-all")).isTrue();
    assertThat(b.toString()).doesNotContain(hex);
  }

  @Test
  void readsJsonToo() throws Exception {
    List<ClientToken> tokens =
        TokensFile.read(file("{\"tokens\":[{\"name\":\"ci\",\"token\":\"t-1\"}]}"));
    assertThat(tokens).singleElement().extracting(ClientToken::name).isEqualTo("ci");
  }

  /** Each broken file names the file, the line and the field; no token value is echoed. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          negative budget      | tokens:\\n  - name: a\\n    token: s3cret-x\\n    budgetUsdPerDay: -1          | tokens.yaml:4:5: tokens[0].budgetUsdPerDay: -1 is negative (expected: a budget in USD, >= 0)
          non-numeric budget   | tokens:\\n  - name: a\\n    token: s3cret-x\\n    budgetUsdPerMonth: lots      | tokens.yaml:4:5: tokens[0].budgetUsdPerMonth: "lots" is not a number (expected: a budget in USD, >= 0)
          token and sha256     | tokens:\\n  - name: a\\n    token: s3cret-x\\n    sha256: abc                  | tokens.yaml:2:5: tokens[0]: both token and sha256 (expected: exactly one of them)
          neither              | tokens:\\n  - name: a                                                        | tokens.yaml:2:5: tokens[0]: neither token nor sha256 (expected: exactly one of them)
          unknown key          | tokens:\\n  - name: a\\n    token: s3cret-x\\n    budgetPerDay: 1              | tokens.yaml:4:5: tokens[0].budgetPerDay: unknown key (did you mean 'budgetUsdPerDay'?) (expected one of: budgetUsdPerDay, budgetUsdPerMonth, models, name, sha256, token)
          misspelt models      | tokens:\\n  - name: a\\n    token: s3cret-x\\n    modls: [orchestrator/free]   | tokens.yaml:4:5: tokens[0].modls: unknown key (did you mean 'models'?) (expected one of: budgetUsdPerDay, budgetUsdPerMonth, models, name, sha256, token)
          unknown key, no hint | tokens:\\n  - name: a\\n    token: s3cret-x\\n    zzzzzzzzzzzzzzzz: 1          | tokens.yaml:4:5: tokens[0].zzzzzzzzzzzzzzzz: unknown key (expected one of: budgetUsdPerDay, budgetUsdPerMonth, models, name, sha256, token)
          bad sha256           | tokens:\\n  - name: a\\n    sha256: not-hex                                  | tokens.yaml:3:5: tokens[0].sha256: not 64 hex digits (expected: the SHA-256 of the token in hex)
          duplicate name       | tokens:\\n  - name: a\\n    token: s3cret-x\\n  - name: a\\n    token: s3cret-y | tokens.yaml:4:5: tokens[1].name: duplicate name 'a' (expected: each name once)
          duplicate token      | tokens:\\n  - name: a\\n    token: s3cret-x\\n  - name: b\\n    token: s3cret-x | tokens.yaml:4:5: tokens[1]: the same token as another entry (expected: one token per client)
          no tokens list       | clients: []                                                                 | tokens.yaml:1:1: no 'tokens' list (expected: tokens: [{name, token or sha256, ...}])
          no client            | tokens: []                                                                  | tokens.yaml:1:1: tokens: an empty list (expected: at least one client, {name, token or sha256, ...}; to serve without authentication, leave out --tokens-file)
          empty allow-list     | tokens:\\n  - name: a\\n    token: s3cret-x\\n    models: []               | tokens.yaml:4:5: tokens[0].models: an empty list (expected: at least one model name or glob; omit models to allow every model)
          """)
  void rejectsBrokenEntriesNamingFileLineAndField(String name, String text, String message)
      throws Exception {
    Path p = file(text.replace("\\n", "\n"));
    assertThatThrownBy(() -> TokensFile.read(p))
        .isInstanceOf(TokensFile.InvalidFileException.class)
        .hasMessage(dir + "/" + message)
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void allowListEntriesNamingNothingTheCatalogKnowsAreLocatedWithCloseMatches() throws Exception {
    Catalog catalog =
        Catalogs.of(Catalogs.free("groq", "llama-3.3-70b", 8000)).toBuilder()
            .pool(new Pool("my-group", PoolKind.GROUP, List.of("groq/llama-3.3-70b")))
            .build();
    Path p =
        file(
            """
            tokens:
              - name: a
                token: "s3cret"
                models: ["orchestrator/*", "my-group", "groq/*", "my-grup", "grok/*"]
              - name: b
                token: "s3cret-b"
                models: "groq/llama-3.3-70b"
            """);

    List<CatalogException> unknown = TokensFile.unknownModels(p, catalog);

    assertThat(unknown)
        .extracting(CatalogException::getMessage)
        .containsExactly(
            p
                + ":4:54: tokens[0].models[3]: 'my-grup' names no virtual model, pool or route of"
                + " the catalog (close matches: my-group)",
            p
                + ":4:65: tokens[0].models[4]: 'grok/*' matches no virtual model, pool or route of"
                + " the catalog (close matches: groq/*)");
    assertThat(unknown.get(0).field()).isEqualTo("tokens[0].models[3]");
  }

  @Test
  void aMissingFileIsNamed() {
    Path p = dir.resolve("absent.yaml");
    assertThatThrownBy(() -> TokensFile.read(p))
        .hasMessage(p + ": no such file")
        .satisfies(
            e -> {
              CatalogException at = ((TokensFile.InvalidFileException) e).location();
              assertThat(at.source()).isEqualTo(p.toString());
              assertThat(at.line()).isZero();
              assertThat(at.field()).isNull();
            });
  }

  @Test
  void anInvalidEntryIsLocatedApartFromTheMessage() throws Exception {
    Path p = file("tokens:\n  - name: a\n    token: s3cret\n    budgetUsdPerDay: -2\n");
    assertThatThrownBy(() -> TokensFile.read(p))
        .satisfies(
            e -> {
              CatalogException at = ((TokensFile.InvalidFileException) e).location();
              assertThat(at.source()).isEqualTo(p.toString());
              assertThat(at.line()).isEqualTo(4);
              assertThat(at.column()).isEqualTo(5);
              assertThat(at.field()).isEqualTo("tokens[0].budgetUsdPerDay");
            });
  }
}
