/* Optimal length-limited Huffman code lengths: the two-queue construction over the counts sorted
 * once, then ITU T.81 K.3's adjustment to 16 bits, with one reserved code so no code is all ones. */
#include "jpeg/huffman_lengths.h"
#include <stdlib.h>
#include <string.h>

cio_huffman_lengths cio_huffman_lengths_of_table(const JHUFF_TBL *table) {
    cio_huffman_lengths result;
    memset(&result, 0, sizeof result);
    int k = 0;
    for (int length = 1; length <= CIO_HUFFMAN_MAX_LENGTH; length++) {
        for (int n = 0; n < table->bits[length] && k < CIO_HUFFMAN_SYMBOLS; n++, k++) {
            result.lengths[table->huffval[k]] = (uint8_t)length;
        }
    }
    return result;
}

typedef struct {
    uint32_t count;
    int symbol;                   /* CIO_HUFFMAN_SYMBOLS: the reserved pseudo-symbol */
} leaf;

/* Ascending by count; ties: the higher symbol first, so the pseudo-symbol gets the longest code. */
static int compare_leaves(const void *a, const void *b) {
    const leaf *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? -1 : 1;
    return y->symbol - x->symbol;
}

int cio_huffman_optimal_lengths(const uint32_t counts[CIO_HUFFMAN_SYMBOLS], cio_huffman_lengths *lengths) {
    enum { MAX_LEAVES = CIO_HUFFMAN_SYMBOLS + 1, MAX_DEPTH = 2 * MAX_LEAVES };
    leaf leaves[MAX_LEAVES];
    int n = 0;
    memset(lengths, 0, sizeof *lengths);
    for (int s = 0; s < CIO_HUFFMAN_SYMBOLS; s++) {
        if (counts[s] > 0) leaves[n++] = (leaf){counts[s], s};
    }
    if (n == 0) return 0;
    leaves[n++] = (leaf){1, CIO_HUFFMAN_SYMBOLS};
    qsort(leaves, (size_t)n, sizeof leaves[0], compare_leaves);

    /* Nodes 0..n-1 are the leaves in order, n.. the merged nodes in the order made (their weights
     * rise, so two queues replace a heap). */
    uint64_t weight[2 * MAX_LEAVES];
    int parent[2 * MAX_LEAVES];
    for (int i = 0; i < n; i++) weight[i] = leaves[i].count;
    int next_leaf = 0, next_node = n, made = n;
    for (int merge = 0; merge < n - 1; merge++) {
        int pick[2];
        for (int p = 0; p < 2; p++) {
            if (next_leaf < n && (next_node >= made || weight[next_leaf] <= weight[next_node])) pick[p] = next_leaf++;
            else pick[p] = next_node++;
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = made;
        made++;
    }
    int depth[2 * MAX_LEAVES];
    depth[made - 1] = 0;
    for (int node = made - 2; node >= 0; node--) depth[node] = depth[parent[node]] + 1;

    int bits[MAX_DEPTH + 1] = {0};
    for (int i = 0; i < n; i++) bits[depth[i] > MAX_DEPTH ? MAX_DEPTH : depth[i]]++;
    for (int i = MAX_DEPTH; i > CIO_HUFFMAN_MAX_LENGTH; i--) {
        while (bits[i] > 0) {
            int j = i - 2;
            while (bits[j] == 0) j--;
            bits[i] -= 2;
            bits[i - 1]++;
            bits[j + 1] += 2;
            bits[j]--;
        }
    }
    int longest = CIO_HUFFMAN_MAX_LENGTH;
    while (bits[longest] == 0) longest--;
    bits[longest]--;              /* the reserved code point */

    /* The most frequent symbols take the shortest lengths; the leaves are sorted rarest first. */
    int length = 1, coded = 0;
    for (int i = n - 1; i >= 0; i--) {
        if (leaves[i].symbol == CIO_HUFFMAN_SYMBOLS) continue;
        while (length <= CIO_HUFFMAN_MAX_LENGTH && bits[length] == 0) length++;
        if (length > CIO_HUFFMAN_MAX_LENGTH) break;
        bits[length]--;
        lengths->lengths[leaves[i].symbol] = (uint8_t)length;
        coded++;
    }
    return coded;
}

uint64_t cio_huffman_coded_bits(const uint32_t counts[CIO_HUFFMAN_SYMBOLS], uint64_t extra_bits) {
    cio_huffman_lengths lengths;
    int symbols = cio_huffman_optimal_lengths(counts, &lengths);
    if (symbols == 0) return 0;
    uint64_t total = extra_bits + 8u * (2 + 2 + 1 + 16 + (uint64_t)symbols);   /* a DHT segment of its own */
    for (int s = 0; s < CIO_HUFFMAN_SYMBOLS; s++) total += (uint64_t)counts[s] * lengths.lengths[s];
    return total;
}

void cio_huffman_lengths_fill_absent(cio_huffman_lengths *lengths) {
    for (int s = 0; s < CIO_HUFFMAN_SYMBOLS; s++) {
        if (lengths->lengths[s] == 0) lengths->lengths[s] = CIO_HUFFMAN_MAX_LENGTH;
    }
}
