package org.dbstudy.analysis.adaptive;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * A study's error rate {@code alpha} spent over at most {@code maxLooks} equally spaced looks by a Lan–DeMets
 * spending function (Lan &amp; DeMets 1983, Biometrika 70(3):659–663): look k may spend
 * α(k/K) − α((k−1)/K). Each look judges with its share alone, so by the union bound the chance that any look
 * decides wrongly is at most their sum, {@code alpha}, whatever the correlation between looks (conservative:
 * Lan–DeMets' own boundaries use that correlation to spend less strictly; a t-interval over a few runs has no
 * tractable joint law, the union bound needs none).
 */
public record AlphaSpending(double alpha, int maxLooks, Shape shape) {
    /** The spending function's shape over the information fraction t in (0, 1]. */
    public enum Shape {
        /** α·ln(1 + (e − 1)·t): about even shares, early clear effects decided early (Lan–DeMets' Pocock-like). */
        POCOCK,
        /** 2 − 2Φ(z(1−α/2)/√t): almost nothing early, nearly all of α at the last look (O'Brien–Fleming-like). */
        OBRIEN_FLEMING
    }

    /** The default: 5 % over at most 10 looks, Pocock-like. */
    public static final AlphaSpending DEFAULT = new AlphaSpending(0.05, 10, Shape.POCOCK);

    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    public AlphaSpending {
        if (!(alpha > 0 && alpha < 1) || maxLooks < 1) {
            throw new IllegalArgumentException("alpha in (0, 1) and at least one look; got " + alpha + ", " + maxLooks);
        }
    }

    /** The error rate spent up to information fraction {@code t}. */
    double spent(double t) {
        if (t <= 0) {
            return 0;
        }
        double f = Math.min(t, 1);
        return switch (shape) {
            case POCOCK -> alpha * Math.log(1 + (Math.E - 1) * f);
            case OBRIEN_FLEMING -> 2 - 2 * NORMAL.cumulativeProbability(NORMAL.inverseCumulativeProbability(1 - alpha / 2)
                    / Math.sqrt(f));
        };
    }

    /** Look {@code look}'s (1-based) share of {@code alpha}; 0 past the last look. */
    public double at(int look) {
        if (look < 1 || look > maxLooks) {
            return 0;
        }
        return spent((double) look / maxLooks) - spent((double) (look - 1) / maxLooks);
    }
}
