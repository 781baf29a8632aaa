/* One epoch of the chat keeper's logistic regression (bench/sgd.py), in C for speed.

   The same arithmetic as sgd.py's plain Python epoch, in the same order, on IEEE doubles (compiled
   without fused multiply-add or any reordering), with the C library's exp() that Python's math.exp
   calls: the weights come out identical to the last bit. */

#include <math.h>

void sgd_epoch(double *w, const int *ids, const int *starts, const double *labels, const int *order,
               int n, double rate, double l2)
{
    for (int t = 0; t < n; t++) {
        int k = order[t];
        int a = starts[k], b = starts[k + 1];
        double s = 0.0;
        for (int j = a; j < b; j++)
            s += w[ids[j]];
        double z = w[0] + s;
        if (z > 30.0)
            z = 30.0;
        else if (z < -30.0)
            z = -30.0;
        double p = 1.0 / (1.0 + exp(-z));
        double g = p - labels[k];
        for (int j = a; j < b; j++) {
            int i = ids[j];
            double x = w[i];
            w[i] = x - rate * (g + l2 * x);
        }
        double x = w[0];
        w[0] = x - rate * (g + l2 * x);
    }
}
