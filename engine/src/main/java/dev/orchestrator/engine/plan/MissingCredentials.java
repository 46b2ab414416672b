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
 * Which environment variables would enable which routes: the one explanation of "no key" shared by
 * {@code route}, {@code chat}, {@code serve}'s start-up line and the library's {@code
 * no_candidates} message. Never reads or returns a key's value, only variable names. Stateless;
 * thread-safe.
 */
public final class MissingCredentials {
  private MissingCredentials() {}

  /**
   * One provider without a key.
   *
   * @param provider provider id
   * @param variables the variables that may hold its key, in the order they are read (any one)
   * @param routes how many of the routes asked about belong to it
   */
  public record Missing(String provider, List<String> variables, int routes) {
    /** Validates and copies. */
    public Missing {
      Objects.requireNonNull(provider, "provider");
      variables = List.copyOf(variables);
    }

    /** {@code OPENROUTER_API_KEY}, or {@code GEMINI_API_KEY or GOOGLE_API_KEY}. */
    public String variableList() {
      return String.join(" or ", variables);
    }
  }

  /**
   * The providers of {@code routes} that {@code credentials} cannot call, most routes first (then
   * by provider id). Unknown route ids and keyless providers are ignored.
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
      if (p == null || credentials.configured(p)) {
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
    providers.forEach((id, p) -> out.add(new Missing(id, p.apiKeyEnv(), n.get(id))));
    out.sort(Comparator.comparingInt(Missing::routes).reversed().thenComparing(Missing::provider));
    return List.copyOf(out);
  }

  /**
   * {@code "set OPENROUTER_API_KEY (14 routes), GEMINI_API_KEY or GOOGLE_API_KEY (2 routes)"}: one
   * entry per provider, "or" between the variables of one provider (any one is enough); empty when
   * nothing is missing.
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
      b.append(m.variableList())
          .append(" (")
          .append(m.routes())
          .append(m.routes() == 1 ? " route)" : " routes)");
    }
    return b.toString();
  }

  /** The detail of a {@code no_credentials} exclusion: {@code "set OPENROUTER_API_KEY"}. */
  static String detail(Provider p) {
    return "set " + String.join(" or ", p.apiKeyEnv());
  }
}
