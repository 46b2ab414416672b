package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.spi.Credentials;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which environment variables would enable which routes — or, for a provider without a base URL,
 * which configuration setting: the one explanation of {@code no_credentials} shared by {@code
 * route}, {@code chat}, {@code preflight}, {@code serve}'s start-up line and the library's {@code
 * no_candidates} message. Never reads or returns a key's value, only variable names. Stateless;
 * thread-safe.
 */
public final class MissingCredentials {
  private MissingCredentials() {}

  /**
   * One provider that cannot be called.
   *
   * @param provider provider id
   * @param variables the variables that may hold its key, in the order they are read (any one)
   * @param routes how many of the routes asked about belong to it
   * @param noBaseUrl whether what it lacks first is its base URL ({@link #setting()}), which no
   *     variable supplies
   */
  public record Missing(String provider, List<String> variables, int routes, boolean noBaseUrl) {
    /** Validates and copies. */
    public Missing {
      Objects.requireNonNull(provider, "provider");
      variables = List.copyOf(variables);
    }

    /** A provider that lacks only its key. */
    public Missing(String provider, List<String> variables, int routes) {
      this(provider, variables, routes, false);
    }

    /** {@code OPENROUTER_API_KEY}, or {@code GEMINI_API_KEY or GOOGLE_API_KEY}. */
    public String variableList() {
      return String.join(" or ", variables);
    }

    /**
     * What to set to enable its routes: {@code providers.aihubmix.baseUrl} when it has no base URL,
     * else {@link #variableList()}.
     */
    public String setting() {
      return noBaseUrl ? baseUrlSetting(provider) : variableList();
    }
  }

  /**
   * The configuration setting that gives provider {@code id} its base URL, as the project's own
   * configuration writes it: {@code providers.aihubmix.baseUrl} (catalog/README.md).
   */
  public static String baseUrlSetting(String id) {
    return "providers." + id + ".baseUrl";
  }

  /**
   * What the providers of {@code missing} lack, for a sentence: {@code "a key"}, {@code "a base
   * URL"} or {@code "a key or a base URL"}.
   */
  public static String lacking(List<Missing> missing) {
    boolean url = false;
    boolean key = false;
    for (Missing m : missing) {
      url |= m.noBaseUrl();
      key |= !m.noBaseUrl();
    }
    return url ? key ? "a key or a base URL" : "a base URL" : "a key";
  }

  /**
   * The providers of {@code routes} that cannot be called, most routes first (then by provider id):
   * those without a base URL, and those {@code credentials} has no key for. Unknown route ids and
   * keyless providers with a base URL are ignored.
   */
  public static List<Missing> among(
      Catalog catalog, Iterable<String> routes, Credentials credentials) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, Provider> providers = new LinkedHashMap<>();
    for (String id : routes) {
      Route r = catalog.route(id).orElse(null);
      if (r == null) {
        continue;
      }
      Provider p = catalog.provider(r.provider()).orElse(null);
      if (p == null || p.hasBaseUrl() && credentials.configured(p)) {
        continue;
      }
      providers.put(p.id(), p);
      counts.merge(p.id(), 1, Integer::sum);
    }
    return sorted(providers, counts);
  }

  /**
   * The providers behind the {@link ExclusionReason#NO_CREDENTIALS} exclusions among {@code
   * excluded} (a plan's or a preflight's), most routes first.
   */
  public static List<Missing> excludedIn(Catalog catalog, List<Exclusion> excluded) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, Provider> providers = new LinkedHashMap<>();
    for (Exclusion x : excluded) {
      if (x.reason() != ExclusionReason.NO_CREDENTIALS) {
        continue;
      }
      catalog
          .route(x.route())
          .flatMap(r -> catalog.provider(r.provider()))
          .ifPresent(
              p -> {
                providers.put(p.id(), p);
                counts.merge(p.id(), 1, Integer::sum);
              });
    }
    return sorted(providers, counts);
  }

  private static List<Missing> sorted(Map<String, Provider> providers, Map<String, Integer> n) {
    List<Missing> out = new ArrayList<>(providers.size());
    providers.forEach(
        (id, p) -> out.add(new Missing(id, p.apiKeyEnv(), n.get(id), !p.hasBaseUrl())));
    out.sort(Comparator.comparingInt(Missing::routes).reversed().thenComparing(Missing::provider));
    return List.copyOf(out);
  }

  /**
   * {@code "set OPENROUTER_API_KEY (14 routes), GEMINI_API_KEY or GOOGLE_API_KEY (2 routes),
   * providers.aihubmix.baseUrl (53 routes)"}: one entry per provider ({@link Missing#setting()}),
   * "or" between the variables of one provider (any one is enough); empty when nothing is missing.
   */
  public static String hint(List<Missing> missing) {
    if (missing.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder("set ");
    for (int i = 0; i < missing.size(); i++) {
      Missing m = missing.get(i);
      if (i > 0) {
        b.append(", ");
      }
      b.append(m.setting())
          .append(" (")
          .append(m.routes())
          .append(m.routes() == 1 ? " route)" : " routes)");
    }
    return b.toString();
  }

  /**
   * The detail of a {@code no_credentials} exclusion: {@code "set OPENROUTER_API_KEY"}, or {@code
   * "no base URL: set providers.aihubmix.baseUrl"} for a provider without one (the planner checks
   * the base URL first: a key alone would not make the route callable).
   */
  static String detail(Provider p) {
    return p.hasBaseUrl()
        ? "set " + String.join(" or ", p.apiKeyEnv())
        : "no base URL: set " + baseUrlSetting(p.id());
  }
}
