/**
 * Covariance ellipses as RViz draws them (covariance_visual.cpp): the position part (x, y, z of the 6×6 row-major
 * covariance) as an ellipsoid whose axes are the eigenvectors, of diameter 2·√λ·Scale; the orientation part per axis
 * as the angle spread ±√σ² (drawn by the scene as flat wedges). Pure: Jacobi eigen decomposition, tested in Node.
 */

export interface Ellipsoid {
  /** Diameters along the three eigenvectors. */
  diameters: [number, number, number];
  /** Column-major 3×3 rotation whose columns are the eigenvectors (right-handed). */
  axes: [number, number, number, number, number, number, number, number, number];
}

/** Eigen decomposition of a symmetric 3×3 matrix (row-major) by cyclic Jacobi rotations. */
export function symmetricEigen3(m: readonly number[]): { values: [number, number, number]; vectors: number[][] } {
  const a = [[m[0]!, m[1]!, m[2]!], [m[3]!, m[4]!, m[5]!], [m[6]!, m[7]!, m[8]!]];
  const v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = a[0]![1]! ** 2 + a[0]![2]! ** 2 + a[1]![2]! ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < 2; p++) {
      for (let q = p + 1; q < 3; q++) {
        const apq = a[p]![q]!;
        if (Math.abs(apq) < 1e-30) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < 3; k++) {
          const akp = a[k]![p]!, akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < 3; k++) {
          const apk = a[p]![k]!, aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < 3; k++) {
          const vkp = v[k]![p]!, vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  // Columns of v are the eigenvectors.
  const vectors = [0, 1, 2].map((j) => [v[0]![j]!, v[1]![j]!, v[2]![j]!]);
  return { values: [a[0]![0]!, a[1]![1]!, a[2]![2]!], vectors };
}

/** The position ellipsoid of a 6×6 pose covariance (row-major, 36 numbers). */
export function positionEllipsoid(cov: readonly number[], scale = 1): Ellipsoid {
  const m = [cov[0]!, cov[1]!, cov[2]!, cov[6]!, cov[7]!, cov[8]!, cov[12]!, cov[13]!, cov[14]!].map((x) => (Number.isFinite(x) ? x : 0));
  const { values, vectors } = symmetricEigen3(m);
  const [e0, e1] = vectors as [number[], number[], number[]];
  // Right-handed frame: third axis = e0 × e1.
  const e2 = [e0[1]! * e1[2]! - e0[2]! * e1[1]!, e0[2]! * e1[0]! - e0[0]! * e1[2]!, e0[0]! * e1[1]! - e0[1]! * e1[0]!];
  const d = (l: number) => 2 * Math.sqrt(Math.max(0, l)) * scale;
  return { diameters: [d(values[0]), d(values[1]), d(values[2])], axes: [...e0, ...e1, ...e2] as Ellipsoid['axes'] };
}

/** ±1σ of roll, pitch, yaw (radians) from the 6×6 covariance diagonal. */
export function orientationSpread(cov: readonly number[]): [number, number, number] {
  const s = (i: number) => Math.sqrt(Math.max(0, Number.isFinite(cov[i]!) ? cov[i]! : 0));
  return [s(21), s(28), s(35)];
}
