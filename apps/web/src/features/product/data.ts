import type { ProductDetailResponse } from '@podbor/contract';
import { cache } from 'react';
import { ApiError, apiCall } from '@/lib/api/server';

/**
 * The product for the chosen vehicle (so `is_linked_transport` answers for it) and the selected city (X-City,
 * so `warehouses` are that city's branches); null when the API does not know the slug.
 */
export const getProduct = cache(
  async (slug: string, transportId: number | null): Promise<ProductDetailResponse | null> => {
    try {
      return await apiCall('productDetail', {
        params: { productSlug: slug },
        query: transportId ? { transport: transportId } : undefined,
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  },
);
