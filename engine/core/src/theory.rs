//! Published analytic models of write amplification under uniform random writes, so the
//! simulator can be checked against theory (and the app can show both).
//!
//! Desnoyers, "Analytic Modeling of SSD Write Performance", SYSTOR 2012:
//! - LRW (FIFO) cleaning, closed form: A = α / (α + W0(-α e^-α)), α = physical / logical
//!   space (1 + OP as a fraction of user space). The victim's valid share x solves
//!   x = e^(-α (1 - x)): a block survives α (1 - x) user-capacities of host writes.
//! - Greedy cleaning, his approximation: A_greedy(α, Np) = A_LRW(k α) / k with
//!   k = 1 + 1 / (2 Np), Np = mapping units per erase block. Greedy beats FIFO most for
//!   small blocks and converges to it as Np grows (Bux & Iliadis 2010).

/// Principal branch of the Lambert W function for x in [-1/e, 0], by Halley's iteration.
pub fn lambert_w0(x: f64) -> f64 {
    let min = -1.0 / std::f64::consts::E;
    assert!((min..=0.0).contains(&x), "lambert_w0 is used on [-1/e, 0] only (got {x})");
    if x == min {
        return -1.0;
    }
    // Series around the branch point for a start that converges everywhere on the range.
    let p = (2.0 * (std::f64::consts::E * x + 1.0)).sqrt();
    let mut w = -1.0 + p - p * p / 3.0 + 11.0 / 72.0 * p * p * p;
    for _ in 0..50 {
        let e = libm::exp(w);
        let f = w * e - x;
        let step = f / (e * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0));
        w -= step;
        if step.abs() < 1e-15 * (1.0 + w.abs()) {
            break;
        }
    }
    w
}

/// Write amplification of LRW / FIFO cleaning with `alpha` = physical / logical pages.
pub fn waf_fifo(alpha: f64) -> f64 {
    alpha / (alpha + lambert_w0(-alpha * libm::exp(-alpha)))
}

/// Desnoyers' approximation for greedy cleaning with `units_per_block` pages per block.
pub fn waf_greedy(alpha: f64, units_per_block: u32) -> f64 {
    let k = 1.0 + 1.0 / (2.0 * units_per_block as f64);
    waf_fifo(k * alpha) / k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lambert_w_inverts_w_exp_w() {
        for &x in &[-0.3678, -0.3, -0.2, -0.1, -0.01, -1e-6] {
            let w = lambert_w0(x);
            assert!((w * libm::exp(w) - x).abs() < 1e-12, "x={x} w={w}");
            assert!(w >= -1.0);
        }
    }

    #[test]
    fn known_values() {
        // Xiang & Kurkoski (2011): OP factor 0.3 gives 2.36 by the Lambert-W expression.
        assert!((waf_fifo(1.3) - 2.36).abs() < 0.01, "{}", waf_fifo(1.3));
        // More spare, less amplification; greedy never worse than FIFO.
        assert!(waf_fifo(2.0) < waf_fifo(1.28));
        for np in [16, 64, 256, 3072] {
            assert!(waf_greedy(1.07, np) < waf_fifo(1.07));
        }
        assert!((waf_greedy(1.28, 100_000) - waf_fifo(1.28)).abs() < 0.001);
    }
}
