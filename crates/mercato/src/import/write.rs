//! Pass two: writing mapped families in large transactions. A batch that fails is written
//! again one family at a time, so one bad product cannot take its neighbours down.

use mercato_db::catalogue::CatalogueWriter;
use mercato_db::{Db, DbResult};

use super::apply::{Prepared, extras_key};
use super::report::Outcome;

/// Families per transaction: large enough to amortise the commit, small enough that a
/// failed batch is cheap to redo.
pub(crate) const BATCH: usize = 500;

/// Writes one family into an open writer.
pub(crate) async fn write_family(
    writer: &mut CatalogueWriter,
    prepared: &mut Prepared,
) -> DbResult<()> {
    if !prepared.write {
        return Ok(());
    }
    if prepared.new {
        writer
            .insert_product(&mut prepared.product, &mut prepared.variations)
            .await?;
    } else {
        writer
            .save_product(&mut prepared.product, &mut prepared.variations)
            .await?;
    }
    for (id, json) in &prepared.extras {
        writer.put_option(&extras_key(*id), json.as_deref()).await?;
    }
    Ok(())
}

/// Writes `batch` in one transaction; when that fails, each family in its own, marking the
/// rows of a family that still fails.
pub(crate) async fn write_batch(db: &Db, batch: &mut [Prepared]) -> DbResult<()> {
    if batch.iter().all(|p| !p.write) {
        return Ok(());
    }
    let attempt = async {
        let mut writer = CatalogueWriter::begin(db).await?;
        for prepared in batch.iter_mut() {
            write_family(&mut writer, prepared).await?;
        }
        writer.commit().await
    };
    if attempt.await.is_ok() {
        return Ok(());
    }
    for prepared in batch.iter_mut().filter(|p| p.write) {
        let single = async {
            let mut writer = CatalogueWriter::begin(db).await?;
            write_family(&mut writer, prepared).await?;
            writer.commit().await
        };
        if let Err(error) = single.await {
            let reason = format!("could not be saved: {error}");
            for (_, outcome) in &mut prepared.outcomes {
                if matches!(outcome, Outcome::Created | Outcome::Updated) {
                    *outcome = Outcome::Failed(reason.clone());
                }
            }
            prepared.write = false;
        }
    }
    Ok(())
}
