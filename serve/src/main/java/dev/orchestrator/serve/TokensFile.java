package dev.orchestrator.serve;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.catalog.internal.SourceText;
import dev.orchestrator.catalog.internal.Value;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Reads {@code --tokens-file} (docs/reference.md §5), YAML or JSON:
 *
 * <pre>{@code
 * tokens:
 *   - name: team-a
 *     token: "s3cret-a"              # or sha256: "<hex of the token>"
 *     budgetUsdPerDay: 5.00          # optional; also budgetUsdPerMonth
 *     models: ["orchestrator/*", "my-group"]   # optional allow-list (globs)
 * }</pre>
 *
 * Every problem — an unknown key, a missing name, a token given both ways or neither, a negative or
 * non-numeric budget, a duplicate name or token — is a {@link InvalidFileException} naming the
 * file, the line and the field. Token values never appear in a message. Stateless and thread-safe.
 */
public final class TokensFile {
  private static final Set<String> ENTRY_KEYS =
      Set.of("name", "token", "sha256", "budgetUsdPerDay", "budgetUsdPerMonth", "models");
  private static final String BUDGET = "a budget in USD, >= 0";

  private TokensFile() {}

  /**
   * Reads and validates the file.
   *
   * @throws InvalidFileException naming file, line and field
   */
  public static List<ClientToken> read(Path file) {
    try {
      return parse(file.toString(), text(file));
    } catch (CatalogException e) {
      throw new InvalidFileException(e);
    }
  }

  // The file's text; an unreadable file is a problem with the whole source, located like any other.
  private static String text(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new CatalogException(file.toString(), "no such file", e);
    } catch (IOException e) {
      throw new CatalogException(file.toString(), "cannot read: " + e.getMessage(), e);
    }
  }

  static List<ClientToken> parse(String name, String text) {
    SourceText source = SourceText.ofText(name, text);
    Value root = Value.root(source, source.parse());
    if (!root.isObject() || !root.get("tokens").present()) {
      throw root.fail("no 'tokens' list (expected: tokens: [{name, token or sha256, ...}])");
    }
    List<ClientToken> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    Set<String> digests = new HashSet<>();
    for (Value e : root.get("tokens").elements("a list of tokens")) {
      if (!e.isObject()) {
        throw e.fail(e.render() + " is not an object (expected: {name, token or sha256, ...})");
      }
      e.node()
          .fieldNames()
          .forEachRemaining(
              k -> {
                if (!ENTRY_KEYS.contains(k)) {
                  throw e.get(k)
                      .fail(
                          "unknown key (expected one of: "
                              + String.join(", ", ENTRY_KEYS.stream().sorted().toList())
                              + ")");
                }
              });
      Value nameV = e.get("name");
      String n = nameV.text("a client name");
      if (n == null || n.isBlank()) {
        throw (nameV.present() ? nameV : e)
            .fail("missing name (expected: a non-blank client name)");
      }
      if (!names.add(n)) {
        throw nameV.fail("duplicate name '" + n + "' (expected: each name once)");
      }
      byte[] digest = digest(e);
      if (!digests.add(HexFormat.of().formatHex(digest))) {
        throw e.fail("the same token as another entry (expected: one token per client)");
      }
      List<String> models = e.get("models").strings("model-name globs");
      out.add(
          new ClientToken(
              n,
              digest,
              budget(e.get("budgetUsdPerDay")),
              budget(e.get("budgetUsdPerMonth")),
              models));
    }
    return List.copyOf(out);
  }

  private static byte[] digest(Value e) {
    Value token = e.get("token");
    Value sha = e.get("sha256");
    if (token.present() == sha.present()) {
      throw e.fail(
          (token.present() ? "both token and sha256" : "neither token nor sha256")
              + " (expected: exactly one of them)");
    }
    if (token.present()) {
      String t = token.node().isTextual() ? token.node().textValue() : null;
      if (t == null || t.isBlank()) {
        // Never echo the value: it is a secret.
        throw token.fail("not a non-blank string (expected: the bearer token)");
      }
      return ClientToken.sha256(t);
    }
    String hex = sha.node().isTextual() ? sha.node().textValue().trim() : "";
    if (!hex.matches("[0-9a-fA-F]{64}")) {
      throw sha.fail("not 64 hex digits (expected: the SHA-256 of the token in hex)");
    }
    return HexFormat.of().parseHex(hex.toLowerCase(java.util.Locale.ROOT));
  }

  private static BigDecimal budget(Value v) {
    BigDecimal d = v.decimal(BUDGET);
    if (d != null && d.signum() < 0) {
      throw v.fail(v.render() + " is negative (expected: " + BUDGET + ")");
    }
    return d;
  }

  /**
   * A configuration file the server cannot start with; the message names the file, the line and the
   * field, and {@link #location()} holds them apart. Immutable.
   */
  public static final class InvalidFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final CatalogException location;

    InvalidFileException(CatalogException location) {
      super(location.getMessage(), location);
      this.location = location;
    }

    /**
     * Where the problem is: the file ({@link CatalogException#source()}), and the line, column and
     * field when the file could be read ({@code 0}, {@code 0} and {@code null} when it could not).
     */
    public CatalogException location() {
      return location;
    }
  }
}
