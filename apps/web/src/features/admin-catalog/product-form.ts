import type { AdminProduct, AdminProductPatch } from '@podbor/contract';
import type { UseFormReturn } from 'react-hook-form';

// The product editor's form: what it holds and how a loaded product fills it.

export type PropertyFormValue = { property_id: number; value_id: number | null; num_value: number | null };

export type ProductFormValues = {
  version: string;
  title: string;
  article: string;
  category_id: number;
  manufacturer_id: number | null;
  price: number;
  old_price: number | null;
  description: string;
  installation: string;
  with_installation: boolean;
  is_active: boolean;
  is_universal: boolean;
  images: string[];
  /** One entry per property the category offers, in its order; neither value: not set. */
  properties: PropertyFormValue[];
  transports: number[];
  analogues: { id: number; is_original: boolean }[];
};

export type ProductForm = UseFormReturn<ProductFormValues, unknown, AdminProductPatch>;

/** The category's properties with the product's values (none where it has none). */
export function propertiesOf(p: AdminProduct): PropertyFormValue[] {
  return p.category_properties.map((d) => {
    const v = p.properties.find((x) => x.property_id === d.id);
    return { property_id: d.id, value_id: v?.value_id ?? null, num_value: v?.num_value ?? null };
  });
}

export function valuesOf(p: AdminProduct): ProductFormValues {
  return {
    version: p.version,
    title: p.title,
    article: p.article,
    category_id: p.category_id,
    manufacturer_id: p.manufacturer_id,
    price: p.price,
    old_price: p.old_price,
    description: p.description,
    installation: p.installation,
    with_installation: p.with_installation,
    is_active: p.is_active,
    is_universal: p.is_universal,
    images: p.images,
    properties: propertiesOf(p),
    transports: p.transports.map((t) => t.id),
    analogues: p.analogues.map((a) => ({ id: a.id, is_original: a.is_original })),
  };
}
