package dev.orchestrator.serve;

import dev.orchestrator.catalog.CatalogException;
import dev.orchestrator.catalog.internal.SourceText;
import dev.orchestrator.catalog.internal.Value;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.plan.CloseMatches;
import dev.orchestrator.engine.plan.RoutePlanner;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashSet;
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
 * Every problem — no client at all, an unknown key, a missing name, a token given both ways or
 * neither, a negative or non-numeric budget, an empty allow-list, a duplicate name or token — is a
 * {@link InvalidFileException} naming the file, the line and the field. An allow-list entry that
 * names no virtual model, pool or route of the catalog (a glob that matches none: a typo) is found
 * by {@link #unknownModels}, located the same way and with close matches; whether it stops start-up
 * is the caller's (a catalog refreshed from live sources may bring the model later). Token values
 * never appear in a message. Stateless and thread-safe.
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

  /**
   * The allow-list entries of {@code file} that name nothing {@code catalog} knows — no virtual
   * model, pool or route, or for a glob none it matches — in file order, each naming the file, the
   * line, the field ({@code tokens[0].models[1]}) and up to five close matches.
   *
   * @throws InvalidFileException when the file itself is broken, as {@link #read}
   */
  public static List<CatalogException> unknownModels(Path file, Catalog catalog) {
    List<String> names = new ArrayList<>();
    names.add(RoutePlanner.FREE);
    names.add(RoutePlanner.AUTO);
    names.addAll(catalog.pools().keySet());
    for (Route r : catalog.routes()) {
      names.add(r.id());
    }
    List<CatalogException> out = new ArrayList<>();
    try {
      for (Value entry : parsed(file.toString(), text(file)).models()) {
        String glob = entry.node().textValue();
        if (names.stream().noneMatch(n -> ClientToken.globMatches(glob, n))) {
          out.add(entry.fail(unknown(glob, names)));
        }
      }
    } catch (CatalogException e) {
      throw new InvalidFileException(e);
    }
    return List.copyOf(out);
  }

  private static String unknown(String glob, List<String> names) {
    List<String> candidates = names;
    if (glob.contains("*")) {
      // A glob is compared with the globs of each provider too: 'grok/*' is close to 'groq/*'.
      Set<String> all = new LinkedHashSet<>();
      for (String n : names) {
        if (n.indexOf('/') > 0) {
          all.add(n.substring(0, n.indexOf('/') + 1) + "*");
        }
      }
      all.addAll(names);
      candidates = List.copyOf(all);
    }
    List<String> close = CloseMatches.find(glob, candidates, 5);
    return "'"
        + glob
        + "' "
        + (glob.contains("*") ? "matches" : "names")
        + " no virtual model, pool or route of the catalog"
        + (close.isEmpty()
            ? " (expected: a model name, or a glob matching one)"
            : " (close matches: " + String.join(", ", close) + ")");
  }

  static List<ClientToken> parse(String name, String text) {
    return parsed(name, text).clients();
  }

  /** A file's clients, and each allow-list entry where it is written. */
  private record Parsed(List<ClientToken> clients, List<Value> models) {}

  private static Parsed parsed(String name, String text) {
    SourceText source = SourceText.ofText(name, text);
    Value root = Value.root(source, source.parse());
    if (!root.isObject() || !root.get("tokens").present()) {
      throw root.fail("no 'tokens' list (expected: tokens: [{name, token or sha256, ...}])");
    }
    List<ClientToken> out = new ArrayList<>();
    List<Value> entries = new ArrayList<>();
    Set<String> names = new HashSet<>();
    Set<String> digests = new HashSet<>();
    Value tokens = root.get("tokens");
    List<Value> listed = tokens.elements("a list of tokens");
    if (listed.isEmpty()) {
      // Without a client nothing is guarded: on loopback serve would answer anyone.
      throw tokens.fail(
          "an empty list (expected: at least one client, {name, token or sha256, ...}; to serve"
              + " without authentication, leave out --tokens-file)");
    }
    for (Value e : listed) {
      if (!e.isObject()) {
        throw e.fail(e.render() + " is not an object (expected: {name, token or sha256, ...})");
      }
      e.node()
          .fieldNames()
          .forEachRemaining(
              k -> {
                if (!ENTRY_KEYS.contains(k)) {
                  String hint = CloseMatches.closest(k, ENTRY_KEYS);
                  throw e.get(k)
                      .fail(
                          "unknown key"
                              + (hint == null ? "" : " (did you mean '" + hint + "'?)")
                              + " (expected one of: "
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
      Value modelsV = e.get("models");
      List<String> models = modelsV.strings("model-name globs");
      if (models != null && models.isEmpty()) {
        // An empty allow-list reads as "no model", but a client without one may use every model.
        throw modelsV.fail(
            "an empty list (expected: at least one model name or glob; omit models to allow"
                + " every model)");
      }
      if (models != null) {
        entries.addAll(
            modelsV.node().isTextual() ? List.of(modelsV) : modelsV.elements("model-name globs"));
      }
      out.add(
          new ClientToken(
              n,
              digest,
              budget(e.get("budgetUsdPerDay")),
              budget(e.get("budgetUsdPerMonth")),
              models));
    }
    return new Parsed(List.copyOf(out), List.copyOf(entries));
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
